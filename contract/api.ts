/**
 * The endpoint table: every call the PWA makes and the server answers. Both programs use it:
 * the server registers routes from it (server/http/route.ts), the PWA types its calls with it.
 * Each feature keeps its entries in contract/schemas/<feature>.ts; add its spread below.
 */
// First, so that schema files importing `endpoint` from here (a cycle) find it initialised.
export { endpoint, type Endpoint, type Method } from './endpoint.ts';
import type { Endpoint } from './endpoint.ts';
import { API_PREFIX } from './constants.ts';
import { tagEndpoints } from './schemas/tag.ts';
import { creatorEndpoints } from './schemas/creator.ts';
import { invitationEndpoints } from './schemas/invitation.ts';
import { blacklistEndpoints } from './schemas/blacklist.ts';
import { chatTemplateEndpoints } from './schemas/chat-template.ts';
import { topicEndpoints } from './schemas/topic.ts';
import { topicTrackingEndpoints } from './schemas/topic-tracking.ts';
import { productEndpoints } from './schemas/product.ts';
import { uploadEndpoints } from './schemas/upload.ts';
import { teamEndpoints } from './schemas/team.ts';
import { downloadEndpoints } from './schemas/download.ts';
import { intakeEndpoints } from './schemas/intake.ts';
import { accountEndpoints } from './schemas/account.ts';
import { workbenchEndpoints } from './schemas/workbench.ts';
import { conflictEndpoints } from './schemas/conflict.ts';
import { viewEndpoints } from './schemas/view.ts';
import { planEndpoints } from './schemas/plan.ts';
import { extensionEndpoints } from './schemas/extension.ts';
import { shopEndpoints } from './schemas/shop.ts';
import { shopTargetEndpoints } from './schemas/shop-target.ts';
import { shopSampleEndpoints } from './schemas/shop-samples.ts';
import { sampleRuleEndpoints } from './schemas/sample-rules.ts';
import { localSampleEndpoints } from './schemas/local-samples.ts';
import { contentEndpoints } from './schemas/content.ts';
import { contentImportEndpoints } from './schemas/content-import.ts';
import { moneyEndpoints } from './schemas/money.ts';
import { adSpendEndpoints } from './schemas/ad-spend.ts';
import { ledgerEndpoints } from './schemas/ledger.ts';
import { syncEndpoints } from './schemas/sync.ts';

export const API = {
  ...tagEndpoints,
  ...creatorEndpoints,
  ...invitationEndpoints,
  ...blacklistEndpoints,
  ...chatTemplateEndpoints,
  ...topicEndpoints,
  ...topicTrackingEndpoints,
  ...productEndpoints,
  ...uploadEndpoints,
  ...teamEndpoints,
  ...downloadEndpoints,
  ...intakeEndpoints,
  ...accountEndpoints,
  ...workbenchEndpoints,
  ...conflictEndpoints,
  ...viewEndpoints,
  ...planEndpoints,
  ...extensionEndpoints,
  ...shopEndpoints,
  ...shopTargetEndpoints,
  ...shopSampleEndpoints,
  ...sampleRuleEndpoints,
  ...localSampleEndpoints,
  ...contentEndpoints,
  ...contentImportEndpoints,
  ...moneyEndpoints,
  ...adSpendEndpoints,
  ...ledgerEndpoints,
  ...syncEndpoints,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof API;
export const fullPath = (e: Endpoint): string => `${API_PREFIX}${e.path}`;
