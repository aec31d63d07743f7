/**
 * Add/edit a chat template. Checks in order (name, content, content length),
 * each as a toast; a live preview shows the content with sample values for the variables.
 */
import { useState } from 'react';
import { TEXTAREA_MAX } from '../../../contract/constants.ts';
import { TEMPLATE_TITLE_MAX } from '../../../contract/limits.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { getSession } from '../../api/session.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { TextArea } from '../../ui/Input.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { fillTemplate, TEMPLATE_VARS } from '../../../contract/chat-template-fill.ts';
import { addTemplate, editTemplate } from './template-actions.ts';

/** The first problem of a template form, as its message; null when it may be saved. */
export function templateProblem(title: string, content: string): string | null {
  if (!title.trim()) return m.templates_title_required();
  if (!content.trim()) return m.templates_content_required();
  if (content.length > TEXTAREA_MAX) return m.templates_content_max();
  return null;
}

export interface TemplateDialogProps {
  country: string;
  row: RowOf<'chat_templates'> | null;
  onClose: () => void;
}

export function TemplateDialog({ country, row, onClose }: TemplateDialogProps) {
  const [title, setTitle] = useState(typeof row?.title === 'string' ? row.title : '');
  const [content, setContent] = useState(typeof row?.content === 'string' ? row.content : '');
  const preview = fillTemplate(content, {
    creator_name: m.templates_sample_creator(),
    product_id: m.templates_sample_product(),
    seller_name: getSession().member_name || m.templates_sample_seller(),
  });

  const save = async () => {
    const problem = templateProblem(title, content);
    if (problem) {
      toast.error(problem);
      return;
    }
    const t = title.trim();
    const ok = row ? await editTemplate(row, t, content) : await addTemplate(country, t, content);
    if (ok) onClose();
  };

  const insert = (v: string) => setContent((c) => `${c}{${v}}`);

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title={row ? m.templates_edit_title() : m.templates_add_title()}
      footer={<DialogFooter onCancel={onClose} onConfirm={save} />}
    >
      <div className="catalog-form">
        <Field
          label={m.templates_col_title()}
          value={title}
          onChange={setTitle}
          maxLength={TEMPLATE_TITLE_MAX}
          placeholder={m.templates_title_required()}
          autoFocus
        />
        <TextArea
          label={m.templates_col_content()}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          rows={6}
          showCount
          placeholder={m.templates_content_required()}
        />
        <div className="catalog-vars">
          <span>{m.templates_vars_label()}</span>
          {TEMPLATE_VARS.map((v) => (
            <Button key={v} size="sm" onPress={() => insert(v)}>{`{${v}}`}</Button>
          ))}
        </div>
        <div>
          <div className="cd-field__label">{m.templates_preview()}</div>
          <div className="catalog-preview" data-testid="template-preview" aria-live="polite">
            {preview}
          </div>
        </div>
      </div>
    </Dialog>
  );
}
