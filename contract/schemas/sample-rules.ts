/**
 * The workspace's sample approval rules (contract/sample-rules.ts; docs/decisions/shop-connection.md,
 * "Sample approval rules"): read them, and set them all at once. Every rule is optional: absent,
 * '' or null clears it. A number outside its rule's bounds is refused, naming the rule.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { SAMPLE_RULE_LIMITS, SAMPLE_RULES, type SampleRule } from '../sample-rules.ts';

const ruleValue = (rule: SampleRule) => {
  const { min, max, int } = SAMPLE_RULE_LIMITS[rule];
  const msg = `sample_rules_${rule}_invalid`;
  return z.preprocess(
    (v) => {
      if (v === '' || v === undefined || v === null) return null;
      if (typeof v === 'string') return v.trim() === '' ? NaN : Number(v);
      return v;
    },
    z
      .number({ message: msg })
      .finite(msg)
      .min(min, msg)
      .max(max, msg)
      .refine((n) => !int || Number.isInteger(n), msg)
      .transform((n) => Math.round(n * 100) / 100)
      .nullable()
      .optional(),
  );
};

const rulesShape = Object.fromEntries(SAMPLE_RULES.map((r) => [r, ruleValue(r)])) as Record<
  SampleRule,
  ReturnType<typeof ruleValue>
>;

export const SampleRulesSetRequest = z.object(rulesShape);

export const SampleRulesView = z.object({
  ...(Object.fromEntries(SAMPLE_RULES.map((r) => [r, z.number().nullable()])) as Record<
    SampleRule,
    z.ZodNullable<z.ZodNumber>
  >),
  /** Who set them last and when (0: never set). */
  user_name: z.string(),
  update_time: z.number().int(),
});
export type SampleRulesView = z.infer<typeof SampleRulesView>;

export const sampleRuleEndpoints = {
  shopSampleRulesGet: endpoint({
    method: 'GET',
    path: '/shop/sample-rules.get',
    auth: true,
    request: z.object({}),
    response: SampleRulesView,
  }),
  shopSampleRulesSet: endpoint({
    method: 'POST',
    path: '/shop/sample-rules.set',
    auth: true,
    request: SampleRulesSetRequest,
    response: SampleRulesView,
  }),
};
