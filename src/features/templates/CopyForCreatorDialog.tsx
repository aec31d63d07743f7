/**
 * "Copy for creator": pick a creator of the country from the local mirror (searched by
 * unique_id or name through the query worker), optionally a product id, and copy the template
 * with {creator_name}, {product_id} and {seller_name} filled. seller_name is the member name of
 * the session.
 */
import { useEffect, useState } from 'react';
import type { CreatorRow } from '../../../contract/sync.ts';
import { getSession } from '../../api/session.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { queryWorker } from '../../workers/query-client.ts';
import { fillTemplate } from '../../../contract/chat-template-fill.ts';

const PICK_LIMIT = 8;

/** The name a message greets a creator with: the real name, the nickname, else the handle. */
export const creatorName = (c: CreatorRow): string => c.daren_name || c.nick_name || c.unique_id;

export interface CopyForCreatorDialogProps {
  country: string;
  title: string;
  content: string;
  onClose: () => void;
}

export function CopyForCreatorDialog({ country, title, content, onClose }: CopyForCreatorDialogProps) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<CreatorRow[]>([]);
  const [creator, setCreator] = useState<CreatorRow | null>(null);
  const [productId, setProductId] = useState('');

  useEffect(() => {
    let live = true;
    const q = search.trim();
    if (!q) {
      setFound([]);
      return;
    }
    const timer = setTimeout(() => {
      void queryWorker()
        .query(country, { name: q, offset: 0, limit: PICK_LIMIT })
        .then((r) => live && setFound(r.rows))
        .catch(() => live && setFound([]));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [country, search]);

  const text = fillTemplate(content, {
    creator_name: creator ? creatorName(creator) : undefined,
    product_id: productId.trim() || undefined,
    seller_name: getSession().member_name,
  });

  const copy = async () => {
    if (!creator) {
      toast.error(m.templates_pick_creator_first());
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      toast.success(m.templates_copied());
      onClose();
    } catch {
      toast.error(m.templates_copy_failed());
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title={m.templates_copy_title({ name: title })}
      footer={<DialogFooter onCancel={onClose} onConfirm={copy} confirmLabel={m.templates_copy_action()} />}
    >
      <div className="catalog-form">
        <Input
          label={m.templates_creator_search()}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoFocus
        />
        <div className="catalog-picker" role="group" aria-label={m.templates_creator_results()}>
          {found.map((c) => (
            <Button
              key={c.id}
              size="sm"
              className="catalog-picker__item"
              variant={creator?.id === c.id ? 'primary' : 'default'}
              aria-pressed={creator?.id === c.id}
              onPress={() => setCreator(c)}
            >
              {`${c.unique_id} · ${creatorName(c)}`}
            </Button>
          ))}
        </div>
        <div aria-live="polite">
          {creator ? m.templates_creator_chosen({ name: creator.unique_id }) : m.templates_no_creator()}
        </div>
        <Field label={m.templates_product_id()} value={productId} onChange={setProductId} />
        <div>
          <div className="cd-field__label">{m.templates_preview()}</div>
          <div className="catalog-preview" data-testid="copy-preview">
            {text}
          </div>
        </div>
      </div>
    </Dialog>
  );
}
