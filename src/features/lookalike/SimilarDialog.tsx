/** "Similar creators" for a Home selection (issue 28): creators like the chosen ones, after Home's filters. */
import type { Country } from '../../../contract/constants.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import type { CreatorFilter } from '../../workers/query-engine.ts';
import { SimilarList } from './SimilarList.tsx';

export function SimilarDialog({
  country,
  seedIds,
  filter,
  title,
  onClose,
}: {
  /** Default: "Creators like these n". */
  title?: string;
  country: Country;
  seedIds: readonly number[];
  filter: CreatorFilter;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      isDismissable
      title={title ?? m.similar_dialog_title({ count: formatNumber(seedIds.length) })}
      footer={<Button onPress={onClose}>{m.common_close()}</Button>}
    >
      <SimilarList country={country} seedIds={seedIds} filter={filter} />
    </Dialog>
  );
}
