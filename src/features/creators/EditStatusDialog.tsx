/**
 * Edit status: one select grouped as chat (chatted / not chatted) and
 * invitation (invited / not invited); confirming without a choice shows the spec's message.
 * react-aria's Select is used directly because the kit's Select has no sections.
 */
import { useState } from 'react';
import {
  Button as RacButton,
  Header,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Select as RacSelect,
  SelectValue,
} from 'react-aria-components';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog, useInFlight } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import type { StatusChoice } from './home-rules.ts';

export function EditStatusDialog({
  count,
  onClose,
  onConfirm,
}: {
  count: number;
  onClose: () => void;
  /** Resolves when the edit is queued; the dialog then closes. */
  onConfirm: (choice: StatusChoice) => Promise<void>;
}) {
  const [choice, setChoice] = useState<StatusChoice | null>(null);
  const [error, setError] = useState('');
  // One edit per press, however fast the clicks.
  const confirm = useInFlight(async () => {
    if (!choice) {
      setError(m.home_status_required());
      return;
    }
    await onConfirm(choice);
  });

  const option = (id: StatusChoice, label: string) => (
    <ListBoxItem id={id} textValue={label} className="cd-option">
      <span className="cd-option__label">{label}</span>
    </ListBoxItem>
  );

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.home_status_title({ count })}
      size="sm"
      footer={
        <>
          <Button onPress={onClose}>{m.common_close()}</Button>
          <Button variant="primary" isLoading={confirm.busy} onPress={() => confirm.run()}>
            {m.common_confirm()}
          </Button>
        </>
      }
    >
      <RacSelect
        selectedKey={choice}
        onSelectionChange={(k) => {
          setChoice(k as StatusChoice);
          setError('');
        }}
        placeholder={m.common_select_placeholder()}
        className="cd-select cd-select--md home-status-select"
        isInvalid={!!error}
      >
        <Label className="cd-field__label">{m.home_status_label()}</Label>
        <RacButton className="cd-select__trigger">
          <SelectValue className="cd-select__value" />
          <Icon name="chevron-down" className="cd-select__chevron" />
        </RacButton>
        <Popover className="cd-popover cd-select__popover" offset={4}>
          <ListBox className="cd-listbox">
            <ListBoxSection>
              <Header className="home-option-group">{m.home_status_group_chat()}</Header>
              {option('chat:1', m.home_status_chatted())}
              {option('chat:0', m.home_status_not_chatted())}
            </ListBoxSection>
            <ListBoxSection>
              <Header className="home-option-group">{m.home_status_group_invitation()}</Header>
              {option('invitation:1', m.home_status_invited())}
              {option('invitation:0', m.home_status_not_invited())}
            </ListBoxSection>
          </ListBox>
        </Popover>
      </RacSelect>
      {error && (
        <p role="alert" className="home-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
