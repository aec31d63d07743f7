/**
 * A workspace's sample approval rules (docs/decisions/shop-connection.md, "Sample approval rules"):
 * the rules, their limits and the verdict arithmetic both the server and the screen read (no zod
 * here). A rule not set gives no verdict; a figure nobody knows gives `unknown`, never a pass.
 */

export const SAMPLE_RULES = [
  'min_fit',
  'min_gmv30',
  'min_post_rate',
  'cap_day',
  'cap_product',
  'cap_month',
  'price_cap',
] as const;
export type SampleRule = (typeof SAMPLE_RULES)[number];
export type SampleRules = Partial<Record<SampleRule, number | null>>;

/** Each rule's bounds and whether it takes whole numbers only (caps count approvals). */
export const SAMPLE_RULE_LIMITS: Record<SampleRule, { min: number; max: number; int: boolean }> = {
  min_fit: { min: 0, max: 100, int: false },
  min_gmv30: { min: 0, max: 1_000_000_000, int: false },
  min_post_rate: { min: 0, max: 100, int: false },
  cap_day: { min: 1, max: 10_000, int: true },
  cap_product: { min: 1, max: 10_000, int: true },
  cap_month: { min: 1, max: 100_000, int: true },
  price_cap: { min: 0, max: 1_000_000_000, int: false },
};

/** The caps: approvals already made (and in flight) in the shop's day, month, and per product per month. */
export const SAMPLE_CAPS = ['cap_day', 'cap_product', 'cap_month'] as const;

export type RuleVerdict = 'pass' | 'fail' | 'unknown';
export interface SampleVerdict {
  rule: SampleRule;
  verdict: RuleVerdict;
  /** The application's figure (fit score, GMV, post rate %, approvals so far, sample cost); null unknown. */
  value: number | null;
  limit: number;
}

/** What is known of one application, for its verdicts. */
export interface SampleFigures {
  fit?: number | null;
  gmv30?: number | null;
  postRate?: number | null;
  approvedDay?: number;
  approvedProduct?: number;
  approvedMonth?: number;
  price?: number | null;
}

const FIGURE: Record<SampleRule, keyof SampleFigures> = {
  min_fit: 'fit',
  min_gmv30: 'gmv30',
  min_post_rate: 'postRate',
  cap_day: 'approvedDay',
  cap_product: 'approvedProduct',
  cap_month: 'approvedMonth',
  price_cap: 'price',
};

/** One verdict per rule that is set, in SAMPLE_RULES' order. A cap passes while approvals so far are below it. */
export function sampleVerdicts(rules: SampleRules, f: SampleFigures): SampleVerdict[] {
  const out: SampleVerdict[] = [];
  for (const rule of SAMPLE_RULES) {
    const limit = rules[rule];
    if (limit === null || limit === undefined) continue;
    const raw = f[FIGURE[rule]];
    const value = raw === null || raw === undefined || !Number.isFinite(raw) ? null : raw;
    let verdict: RuleVerdict;
    if (value === null) verdict = 'unknown';
    else if (rule.startsWith('min_')) verdict = value >= limit ? 'pass' : 'fail';
    else if (rule === 'price_cap') verdict = value <= limit ? 'pass' : 'fail';
    else verdict = value < limit ? 'pass' : 'fail';
    out.push({ rule, verdict, value, limit });
  }
  return out;
}
