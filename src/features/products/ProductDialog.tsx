/**
 * Add/edit a product. Product id, title and image are required, checked in
 * that order as toasts; the image is uploaded at once by ImageUpload (JPEG/PNG under 2 MB), so
 * only its URL goes through the outbox. Uploading needs the network; the rest works offline.
 */
import { useState } from 'react';
import { PRODUCT_CATEGORY_MAX, PRODUCT_ID_MAX, PRODUCT_TITLE_MAX } from '../../../contract/limits.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { ImageUpload } from '../../ui/ImageUpload.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { isDuplicate } from '../catalog/catalog-rules.ts';
import { addProduct, editProduct, type ProductForm } from './product-actions.ts';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export type { ProductForm };

/** The first missing required field, as its message; null when the form may be saved. */
export function productProblem(f: ProductForm): string | null {
  if (!f.productId.trim()) return m.products_id_required();
  if (!f.productTitle.trim()) return m.products_title_required();
  if (!f.productImage.trim()) return m.products_image_required();
  return null;
}

export interface ProductDialogProps {
  country: string;
  row: RowOf<'products'> | null;
  /** The country's products, for the duplicate id check. */
  rows: readonly RowOf<'products'>[] | undefined;
  onClose: () => void;
}

export function ProductDialog({ country, row, rows, onClose }: ProductDialogProps) {
  const [form, setForm] = useState<ProductForm>({
    productId: str(row?.product_id),
    productTitle: str(row?.product_title),
    productCategory: str(row?.category),
    productImage: str(row?.product_img),
  });
  const set = (k: keyof ProductForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const save = async () => {
    const problem = productProblem(form);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (isDuplicate(rows, 'product_id', form.productId.trim(), row?.id)) {
      toast.error(m.products_duplicate());
      return;
    }
    const ok = row ? await editProduct(row, form) : await addProduct(country, form);
    if (ok) onClose();
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title={row ? m.products_edit_title() : m.products_add_title()}
      footer={<DialogFooter onCancel={onClose} onConfirm={save} />}
    >
      <div className="catalog-form">
        <Field
          label={m.products_col_id()}
          value={form.productId}
          onChange={set('productId')}
          maxLength={PRODUCT_ID_MAX}
          autoFocus
        />
        <Field
          label={m.products_col_title()}
          value={form.productTitle}
          onChange={set('productTitle')}
          maxLength={PRODUCT_TITLE_MAX}
        />
        <Field
          label={m.products_col_category()}
          value={form.productCategory}
          onChange={set('productCategory')}
          maxLength={PRODUCT_CATEGORY_MAX}
        />
        <ImageUpload
          label={m.products_col_image()}
          value={form.productImage}
          onChange={set('productImage')}
        />
      </div>
    </Dialog>
  );
}
