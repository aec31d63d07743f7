/**
 * Add invitation: invited yes/no, creator names (required) and product ids, each
 * one per line with blank lines dropped and duplicates merged; the counts show what will be sent.
 * Before anything is recorded, names that are not TikTok handles and blacklisted creators are
 * named in the dialog, and nothing is added until the list is corrected.
 */
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { TEXTAREA_MAX } from '../../../contract/constants.ts';
import { shortList } from '../../../contract/limits.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { TextArea } from '../../ui/Input.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { addInvitations } from './invitation-actions.ts';
import { linesOf } from './invitation-rules.ts';
import { badHandles, blacklistedAmong } from './name-checks.ts';

interface NamesProblem {
  message: string;
  hint: string;
}

export function AddInvitationDialog({ country, onClose }: { country: string; onClose: () => void }) {
  const [invited, setInvited] = useState<'0' | '1'>('1');
  const [names, setNames] = useState('');
  const [products, setProducts] = useState('');
  const [problem, setProblem] = useState<NamesProblem | null>(null);
  const nameList = linesOf(names);
  const productList = linesOf(products);

  const save = async () => {
    if (nameList.length === 0) {
      toast.error(m.invited_names_required());
      return;
    }
    const bad = await badHandles(country, nameList);
    const black = bad.length ? [] : await blacklistedAmong(country, nameList);
    const next = bad.length
      ? { message: m.common_handle_invalid({ names: shortList(bad) }), hint: m.common_handle_hint() }
      : black.length
        ? { message: m.invited_all_black({ names: shortList(black) }), hint: m.sync_hint_blacklisted() }
        : null;
    setProblem(next);
    if (next) return;
    if (await addInvitations(country, nameList, productList, invited === '1' ? 1 : 0)) onClose();
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title={m.invited_add_title()}
      footer={<DialogFooter onCancel={onClose} onConfirm={save} />}
    >
      <div className="catalog-form">
        {problem && <InlineAlert hint={problem.hint}>{problem.message}</InlineAlert>}
        <RadioGroup
          className="invited-segmented"
          orientation="horizontal"
          value={invited}
          onChange={(v) => setInvited(v === '0' ? '0' : '1')}
        >
          <Label className="cd-field__label">{m.invited_invited()}</Label>
          <Radio value="1" className="invited-segmented__item">
            {m.invited_yes()}
          </Radio>
          <Radio value="0" className="invited-segmented__item">
            {m.invited_no()}
          </Radio>
        </RadioGroup>
        <TextArea
          label={m.invited_names_label({ count: nameList.length })}
          value={names}
          onChange={(e) => setNames(e.target.value)}
          maxLength={TEXTAREA_MAX}
          rows={6}
          showCount
          autoFocus
        />
        <TextArea
          label={m.invited_products_label({ count: productList.length })}
          value={products}
          onChange={(e) => setProducts(e.target.value)}
          maxLength={TEXTAREA_MAX}
          rows={3}
          showCount
        />
      </div>
    </Dialog>
  );
}
