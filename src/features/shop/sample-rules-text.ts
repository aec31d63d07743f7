/**
 * The words of the sample approval rules: each rule stated with its number ("at most 5 approvals a
 * day"), and a verdict as an icon with text, so pass and fail never rest on colour alone.
 */
import type { SampleRule, SampleVerdict } from '../../../contract/sample-rules.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';

export const ruleLabel: Record<SampleRule, () => string> = {
  min_fit: () => m.sample_rules_min_fit(),
  min_gmv30: () => m.sample_rules_min_gmv30(),
  min_post_rate: () => m.sample_rules_min_post_rate(),
  cap_day: () => m.sample_rules_cap_day(),
  cap_product: () => m.sample_rules_cap_product(),
  cap_month: () => m.sample_rules_cap_month(),
  price_cap: () => m.sample_rules_price_cap(),
};

/** The rule as a sentence with its number, shown before it is saved and above the list. */
export function ruleSentence(rule: SampleRule, limit: number): string {
  const n = formatNumber(limit);
  switch (rule) {
    case 'min_fit':
      return m.sample_rules_says_min_fit({ n });
    case 'min_gmv30':
      return m.sample_rules_says_min_gmv30({ n });
    case 'min_post_rate':
      return m.sample_rules_says_min_post_rate({ n });
    case 'cap_day':
      return m.sample_rules_says_cap_day({ n });
    case 'cap_product':
      return m.sample_rules_says_cap_product({ n });
    case 'cap_month':
      return m.sample_rules_says_cap_month({ n });
    case 'price_cap':
      return m.sample_rules_says_price_cap({ n });
  }
}

const ICON = { pass: '✓', fail: '✗', unknown: '?' } as const;

/** "✓ Minimum 30-day GMV: passes (2,500; 1,000)". */
export function verdictText(v: SampleVerdict): { icon: string; text: string } {
  const value = v.value === null ? m.sample_rules_value_unknown() : formatNumber(v.value);
  const word =
    v.verdict === 'pass'
      ? m.sample_rules_pass()
      : v.verdict === 'fail'
        ? m.sample_rules_fail()
        : m.sample_rules_unknown();
  return {
    icon: ICON[v.verdict],
    text: m.sample_rules_verdict({ rule: ruleLabel[v.rule](), word, value, limit: formatNumber(v.limit) }),
  };
}
