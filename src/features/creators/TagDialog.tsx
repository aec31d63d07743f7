/**
 * Tag dialog: a multi-select of the country's tags whose summary shows at
 * most two chosen titles (+N), and close / remove tags (type del) / confirm (type add). Both
 * actions need a chosen tag.
 */
import { useState } from 'react';
import { Label, ListBox, ListBoxItem, type Selection } from 'react-aria-components';
import type { CreatorTag } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog, useInFlight } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { chosenSummary } from './home-rules.ts';

export function TagDialog({
  count,
  tags,
  onClose,
  onApply,
}: {
  count: number;
  tags: readonly CreatorTag[];
  onClose: () => void;
  /** Resolves when the change is queued; the dialog then closes. */
  onApply: (op: 'add' | 'del', tags: CreatorTag[]) => Promise<void>;
}) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [error, setError] = useState('');
  const [pressed, setPressed] = useState<'add' | 'del' | null>(null);
  const picked = tags.filter((t) => chosen.has(t.tag_id));
  // One change per press, however fast the clicks; both buttons wait for it.
  const apply = useInFlight(async (op: 'add' | 'del') => {
    if (!picked.length) {
      setError(m.home_tags_required());
      return;
    }
    setPressed(op);
    await onApply(op, picked);
  });

  const onSelection = (s: Selection) => {
    setChosen(new Set(s === 'all' ? tags.map((t) => t.tag_id) : [...s].map(Number)));
    setError('');
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.home_tags_title({ count })}
      size="sm"
      footer={
        <>
          <Button onPress={onClose}>{m.common_close()}</Button>
          <Button
            variant="danger"
            isLoading={apply.busy && pressed === 'del'}
            isDisabled={apply.busy && pressed !== 'del'}
            onPress={() => apply.run('del')}
          >
            {m.home_tags_remove()}
          </Button>
          <Button
            variant="primary"
            isLoading={apply.busy && pressed === 'add'}
            isDisabled={apply.busy && pressed !== 'add'}
            onPress={() => apply.run('add')}
          >
            {m.common_confirm()}
          </Button>
        </>
      }
    >
      <div className="home-tag-pick">
        <Label className="cd-field__label" id="home-tag-label">
          {m.home_tags_label()}
        </Label>
        <output className="home-tag-summary" aria-live="polite">
          {chosenSummary(picked.map((t) => t.tag_title)) || m.common_select_placeholder()}
        </output>
        {tags.length ? (
          <ListBox
            aria-labelledby="home-tag-label"
            className="cd-listbox home-tag-list"
            selectionMode="multiple"
            selectedKeys={chosen}
            onSelectionChange={onSelection}
            items={tags}
          >
            {(t) => (
              <ListBoxItem id={t.tag_id} textValue={t.tag_title} className="cd-option">
                {({ isSelected }) => (
                  <>
                    <span className="cd-option__label">{t.tag_title}</span>
                    {isSelected && <Icon name="check" className="cd-option__check" />}
                  </>
                )}
              </ListBoxItem>
            )}
          </ListBox>
        ) : (
          <p>{m.home_tags_none()}</p>
        )}
        {error && (
          <p role="alert" className="home-error">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
