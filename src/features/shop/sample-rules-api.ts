/**
 * The workspace's sample approval rules (contract/schemas/sample-rules.ts), read from and sent to the
 * server directly like the review itself; a refusal comes back as the envelope (`raw`) so the dialog
 * shows the server's message naming the rule.
 */
import { API } from '../../../contract/routes.ts';
import type { SampleRules } from '../../../contract/sample-rules.ts';
import { request } from '../../api/client.ts';

export type { SampleRulesView } from '../../../contract/schemas/sample-rules.ts';

export const fetchSampleRules = (signal?: AbortSignal) =>
  request(API.shopSampleRulesGet, {}, { silent: true, signal });

export const saveSampleRules = (rules: SampleRules) =>
  request(API.shopSampleRulesSet, rules, { raw: true, silent: true });
