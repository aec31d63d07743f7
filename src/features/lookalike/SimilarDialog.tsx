/**
 * "Similar creators" in a dialog: creators like a Home selection, after Home's filters, or
 * like the workspace's best sellers (the creators with the most counted sales, any product).
 */
import type { Country } from '../../../contract/constants.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { CreatorFilter } from '../../workers/query-types.ts';
import { useSalesRows } from '../plans/plan-queries.ts';
import { bestSellers } from './fit-spec.ts';
import { ListDialog } from './PickList.tsx';
import { SimilarList } from './SimilarList.tsx';

/** How many best sellers seed "Creators like my best sellers". */
export const BEST_SELLERS = 10;
/** Candidates sent to the worker, which keeps the first BEST_SELLERS of them in the country. */
const BEST_CANDIDATES = 1_000;

export function SimilarDialog({
  country,
  seedIds,
  filter,
  title,
  seedLimit,
  onClose,
}: {
  /** Default: "Creators like these n". */
  title?: string;
  country: Country;
  seedIds: readonly number[];
  filter: CreatorFilter;
  seedLimit?: number;
  onClose: () => void;
}) {
  return (
    <ListDialog
      title={title ?? m.similar_dialog_title({ count: formatNumber(seedIds.length) })}
      onClose={onClose}
    >
      <SimilarList country={country} seedIds={seedIds} filter={filter} seedLimit={seedLimit} />
    </ListDialog>
  );
}

/** Creators like the workspace's best sellers in `country`, after the given filters. */
export function BestSellersDialog({
  country,
  filter,
  onClose,
}: {
  country: Country;
  filter: CreatorFilter;
  onClose: () => void;
}) {
  const sales = useSalesRows();
  if (!sales) return null;
  const seeds = bestSellers(sales.sales, BEST_CANDIDATES);
  if (seeds.length === 0)
    return (
      <ListDialog title={m.fit_best_overall_title()} onClose={onClose}>
        <p>{m.similar_best_none()}</p>
      </ListDialog>
    );
  return (
    <SimilarDialog
      country={country}
      seedIds={seeds}
      seedLimit={BEST_SELLERS}
      filter={filter}
      title={m.fit_best_overall_title()}
      onClose={onClose}
    />
  );
}
