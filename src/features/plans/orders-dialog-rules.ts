/**
 * What the orders dialog decides before anything is sent: which country's creators a file is for
 * (its currency says it when it names one; else the plans' country), and what an import would
 * replace that the user must confirm first (lines imported under another country, whose sales
 * would leave that country's creators; a currency that is not the chosen country's). Pure.
 */
import { COUNTRY_CURRENCY, DEFAULT_COUNTRY, type Country } from '../../../contract/constants.ts';
import type { RowOf } from '../../../contract/sync.ts';

const COUNTRIES = Object.keys(COUNTRY_CURRENCY) as Country[];

/** The one country whose currency the file is in; null when it names none, or several. */
export function countryOfCurrency(currencies: readonly string[]): Country | null {
  const set = new Set(currencies.map((c) => c.toUpperCase()).filter(Boolean));
  if (set.size !== 1) return null;
  const [currency] = set;
  const match = COUNTRIES.filter((c) => COUNTRY_CURRENCY[c] === currency);
  return match.length === 1 ? match[0]! : null;
}

/** The country most of the plans are in (the first plan's on a tie); the default without plans. */
export function plansCountry(plans: readonly RowOf<'plans'>[]): Country {
  const count = new Map<Country, number>();
  for (const p of plans) {
    const c = p.country as Country;
    if (COUNTRIES.includes(c)) count.set(c, (count.get(c) ?? 0) + 1);
  }
  let best: Country = DEFAULT_COUNTRY;
  let most = 0;
  for (const [c, n] of count) if (n > most) [best, most] = [c, n];
  return best;
}

export interface OrdersCheck {
  added: number;
  updated: number;
  /** Lines already imported under another country, per country. */
  moved: { country: string; lines: number }[];
}

/** Adds one part's dry run to the file's. */
export function addCheck(into: OrdersCheck, part: OrdersCheck): OrdersCheck {
  const moved = new Map(into.moved.map((m) => [m.country, m.lines]));
  for (const m of part.moved) moved.set(m.country, (moved.get(m.country) ?? 0) + m.lines);
  return {
    added: into.added + part.added,
    updated: into.updated + part.updated,
    moved: [...moved].map(([country, lines]) => ({ country, lines })),
  };
}

/** What the user must confirm before this file is imported under `country`; null: nothing. */
export function toConfirm(
  country: Country,
  currencies: readonly string[],
  check: OrdersCheck | null,
): { moved: { country: string; lines: number }[]; currency: string | null } | null {
  const other = currencies.filter((c) => c !== COUNTRY_CURRENCY[country]);
  const moved = check?.moved.filter((m) => m.lines > 0) ?? [];
  if (!other.length && !moved.length) return null;
  return { moved, currency: other.length ? other.join(', ') : null };
}
