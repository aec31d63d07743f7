/** What the import dialog's file holds: creators (profiles) or content (one video a row). */
import { m } from '../../paraglide/messages.js';
import { Select } from '../../ui/Select.tsx';

export type ImportKind = 'creators' | 'content';

export function ImportKindSelect({
  value,
  onChange,
  isDisabled,
}: {
  value: ImportKind;
  onChange: (kind: ImportKind) => void;
  isDisabled?: boolean;
}) {
  return (
    <Select<ImportKind>
      label={m.import_kind()}
      items={[
        { id: 'creators', label: m.import_kind_creators() },
        { id: 'content', label: m.import_kind_content() },
      ]}
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
    />
  );
}
