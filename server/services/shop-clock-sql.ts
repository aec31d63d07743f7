/**
 * The shop's calendar in SQL (docs/decisions/plans.md, "Net profit" and "The ledger"): sums per shop
 * month or shop week are grouped in the database, so 100,000 order lines come back as a few
 * thousand sums instead of as rows. SQLite has no time zones, so the zone's offset is written into
 * the query as a CASE over its changes (summer time: two a year in the US and Britain, none in the
 * Asian markets), found once per country from the same Intl data as contract/shop-time.ts. Times
 * outside [CLOCK_FROM, CLOCK_TO) (and 0, "no time") are not bucketed: such a line is its own group
 * (`loneSql`), and the caller reads its day from the time itself, so no line is ever put in a
 * wrong month or week.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Country } from '../../contract/constants.ts';
import { shopOffsetAt } from '../../contract/shop-time.ts';
import { engineOf } from '../db/dialect.ts';

/** 2000-01-01 and 2040-01-01 UTC: no shop sale is older, and the zones' rules are known that far. */
export const CLOCK_FROM = 946_684_800;
export const CLOCK_TO = 2_208_988_800;
const WEEK = 7 * 86_400;

/** [from, offset] segments of the zone over the window: the offset holds from `from` to the next. */
const segments = new Map<Country, [number, number][]>();
export function zoneSegments(country: Country): [number, number][] {
  let out = segments.get(country);
  if (out) return out;
  out = [[CLOCK_FROM, shopOffsetAt(CLOCK_FROM, country)]];
  let prev = out[0]![1];
  // Weekly steps find every change (none of the zones changes twice within a week), then the
  // second it happened by halving.
  for (let t = CLOCK_FROM + WEEK; t < CLOCK_TO + WEEK; t += WEEK) {
    const off = shopOffsetAt(Math.min(t, CLOCK_TO), country);
    if (off === prev) continue;
    let lo = t - WEEK;
    let hi = Math.min(t, CLOCK_TO);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (shopOffsetAt(mid, country) === prev) lo = mid;
      else hi = mid;
    }
    out.push([hi, off]);
    prev = off;
  }
  segments.set(country, out);
  return out;
}

/** `col` (unix seconds) as seconds of the shop's wall clock (whole integers on both engines). */
export function localSql(col: RawBuilder<unknown>, country: Country): RawBuilder<number> {
  const segs = zoneSegments(country);
  if (segs.length === 1) return sql<number>`(${col} + ${sql.lit(segs[0]![1])})`;
  // A balanced tree of tests (about 7 for the US's 80 changes) rather than one long CASE, which
  // would test every change after a line's time first.
  const pick = (lo: number, hi: number): RawBuilder<unknown> => {
    if (hi - lo === 1) return sql.lit(segs[lo]![1]);
    const mid = (lo + hi) >> 1;
    return sql`case when ${col} >= ${sql.lit(segs[mid]![0])} then ${pick(mid, hi)} else ${pick(lo, mid)} end`;
  };
  return sql<number>`(${col} + ${pick(0, segs.length)})`;
}

/** 0 for a time inside the window; the time itself outside it (its own group). */
export const loneSql = (col: RawBuilder<unknown>): RawBuilder<number> =>
  sql<number>`case when ${col} >= ${sql.lit(CLOCK_FROM)} and ${col} < ${sql.lit(CLOCK_TO)} then 0 else ${col} end`;

/** The shop month (`YYYY-MM`) of `col`, for grouping. */
export function monthSql(db: Kysely<DB>, col: RawBuilder<unknown>, country: Country): RawBuilder<string> {
  const local = localSql(col, country);
  return engineOf(db) === 'postgres'
    ? sql<string>`to_char(to_timestamp(${local}) at time zone 'UTC', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${local}, 'unixepoch')`;
}

/**
 * The shop week of `col` as a number w: its Monday is day 7w − 3 since 1970-01-01 (a Thursday).
 * Integer division is exact on both engines for the window's positive times.
 */
export const weekSql = (col: RawBuilder<unknown>, country: Country): RawBuilder<number> =>
  sql<number>`((${localSql(col, country)} / 86400 + 3) / 7)`;

/** A week number's Monday at UTC midnight (unix seconds), as the screen labels weeks. */
export const weekMonday = (w: number): number => (w * 7 - 3) * 86_400;

/** Whether a time is outside the window (loneSql gives it a group of its own). */
export const loneOf = (t: number): boolean => !(t >= CLOCK_FROM && t < CLOCK_TO);
