/**
 * Every write the screens make through the outbox, as the server will read it: each stored call
 * names an endpoint of contract/api.ts by its method and path, and its body passes that
 * endpoint's request schema (the one the server validates with). The typecheck sees the field
 * names; this sees the values.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api.ts';
import { editCreators, setCreatorTags } from '../db/actions.ts';
import { META, setMeta } from '../db/db.ts';
import { localDb } from '../db/local.ts';
import { currentConfirm, settleConfirm, subscribeConfirm } from '../ui/confirm-store.ts';
import { addToBlacklist, removeFromBlacklist, unblacklistCreator } from './blacklist/blacklist-actions.ts';
import type { BlackRow } from './blacklist/blacklist-data.ts';
import { markCreators, tagCreators } from './creators/creator-actions.ts';
import { addView, deleteView, replaceViewQuery, type View } from './creators/saved-view-actions.ts';
import { addInvitations, deleteInvitations, editInvitation } from './invitations/invitation-actions.ts';
import { deleteOrderLine, undoImport } from './plans/orders-actions.ts';
import {
  addSale,
  addToPlan,
  createPlan,
  deletePlan,
  editPlan,
  invitePlan,
  logMessage,
  moveInPlan,
  removeFromPlan,
  setWeeklyQuota,
  type PlanDraft,
} from './plans/plan-actions.ts';
import { addProduct, deleteProduct, editProduct } from './products/product-actions.ts';
import { keepTheirs } from './sync/conflict-actions.ts';
import { addTag, deleteTag, editTag } from './tags/tag-actions.ts';
import { addTemplate, deleteTemplate, editTemplate } from './templates/template-actions.ts';
import { addTopic, deleteTopic } from './topics/topic-actions.ts';
import {
  addFollowup,
  addNote,
  deleteNote,
  editContact,
  editFollowup,
  editNote,
  flipCreatorFlag,
  tagCreator,
} from './workbench/workbench-actions.ts';

// A saved row of whichever table the action takes (typed `never` so it fits each); the actions
// read only the fields given here.
const saved = (fields: Record<string, unknown>): never =>
  ({
    id: 41,
    version: 3,
    country: 'US',
    ...fields,
  }) as never;

const draft: PlanDraft = {
  name: 'Spring cats',
  country: 'US',
  product_ids: [3, 4],
  commission_rate: 12.5,
  budget: '',
  sample_cost: 8,
  shipping_cost: '',
  post_within_days: 10,
  start_date: '2026-12-01',
  end_date: '2026-12-31',
  chat_template_id: 0,
};

/** Every write of the app's actions modules, with the confirmations they ask for accepted. */
const writes: [string, () => Promise<unknown>][] = [
  ['tags', () => addTag('US', 'VIP')],
  ['tags', () => editTag(saved({ title: 'VIP' }), 'VIP 2')],
  ['tags', () => deleteTag(saved({ title: 'VIP' }), 'VIP')],
  ['templates', () => addTemplate('GB', 'Hello', 'Hi {creator_name}')],
  ['templates', () => editTemplate(saved({ title: 'Hello' }), 'Hello', 'Hi again')],
  ['templates', () => deleteTemplate(saved({ title: 'Hello' }), 'Hello')],
  ['products', () => addProduct('US', product)],
  ['products', () => editProduct(saved({ product_id: '1729' }), product)],
  ['products', () => deleteProduct(saved({ product_id: '1729' }), 'Desk lamp')],
  ['topics', () => addTopic('US', 'summerglow', '')],
  ['topics', () => addTopic('US', 'winterglow', '2026-12-31')],
  ['topics', () => deleteTopic(saved({ challenge_title: 'summerglow' }), 'summerglow')],
  ['views', () => addView('Cats', 'country=US&sort=gmv', 7)],
  ['views', () => replaceViewQuery(saved({ title: 'Cats', query: 'a=1' }) as View, 'country=GB')],
  ['views', () => deleteView(saved({ title: 'Cats', query: 'a=1' }) as View)],
  ['creators', () => editCreators(localDb, 'US', creators, { is_chat: 1, is_invitation: 0 })],
  ['creators', () => setCreatorTags(localDb, 'US', creators, 'add', [{ tag_id: 9, tag_title: 'VIP' }])],
  ['creators', () => markCreators('US', creators, { is_invitation: 1 })],
  ['creators', () => tagCreators('US', creators, 'del', [{ tag_id: 9, tag_title: 'VIP' }])],
  ['blacklist', () => addToBlacklist('US', ['alice', 'bob'], 'spam')],
  ['blacklist', () => removeFromBlacklist('US', [saved({ unique_id: 'alice' }) as BlackRow])],
  ['blacklist', () => unblacklistCreator('US', creators[0]!)],
  ['invitations', () => addInvitations('US', ['alice', 'bob'], ['1729'], 1)],
  ['invitations', () => addInvitations('US', ['carol'], [], 0)],
  ['invitations', () => editInvitation(41, { status: 3, sub_status: 2, logistics: 'DHL 12' }, {}, 'alice')],
  ['invitations', () => deleteInvitations([41, 42])],
  ['plans', () => createPlan(draft)],
  ['plans', () => createPlan({ ...draft, commission_rate: '', post_within_days: '', start_date: '' })],
  ['plans', () => editPlan(saved({ name: 'Spring cats' }), draft)],
  ['plans', () => deletePlan(saved({ name: 'Spring cats' }))],
  ['plans', () => addToPlan(saved({}), [5, 6])],
  ['plans', () => moveInPlan(saved({}), [5], 'shipped', '')],
  ['plans', () => moveInPlan(saved({}), [6], 'dropped', 'No reply')],
  ['plans', () => removeFromPlan(saved({}), [5])],
  ['plans', () => invitePlan(saved({}), [5, 6], [])],
  ['plans', () => logMessage(5, 'alice', 0, false)],
  ['plans', () => setWeeklyQuota(undefined, 20)],
  ['plans', () => setWeeklyQuota(saved({ weekly_quota: 20 }), -1)],
  [
    'plans',
    () =>
      addSale(5, 'alice', {
        product_id: '1729',
        gmv: 19.9,
        units: 2,
        commission: 2.5,
        day: '2026-11-20',
        currency: 'USD',
      }),
  ],
  ['orders', () => undoImport(saved({}), 'orders.csv')],
  ['orders', () => deleteOrderLine({ id: 41, order_id: '5770001' })],
  ['workbench', () => addNote(5, 'Asked for rates')],
  ['workbench', () => editNote(saved({ creator_id: 5, content: 'x' }), 'Rates: 200 USD')],
  ['workbench', () => deleteNote(saved({ creator_id: 5, content: 'x' }))],
  ['workbench', () => addFollowup(5, '2026-12-02', 'Chase the sample')],
  ['workbench', () => editFollowup(saved({ creator_id: 5 }), { done: 1 })],
  ['workbench', () => editFollowup(saved({ creator_id: 5 }), { due_date: '2026-12-09' })],
  ['workbench', () => flipCreatorFlag(saved({ unique_id: 'alice', is_chat: 1 }), 'is_chat')],
  ['workbench', () => tagCreator(saved({ unique_id: 'alice' }), 'add', { tag_id: 9, tag_title: 'VIP' })],
  [
    'workbench',
    () => editContact({ id: 5, country: 'US' }, { email: 'a@b.co', phone: '', reach: 'WhatsApp' }),
  ],
];

const product = {
  productId: ' 1729 ',
  productTitle: 'Desk lamp',
  productCategory: '',
  productImage: '/files/lamp.png',
};
const creators = [
  { id: 5, unique_id: 'alice' },
  { id: 6, unique_id: 'bob' },
];

const endpoints = Object.values(API);
let unsubscribe: () => void;

beforeAll(async () => {
  await setMeta(localDb, META.session, { userId: 1, workspaceId: 10 });
  // The deletes ask first; answer yes as the user would.
  unsubscribe = subscribeConfirm(() => {
    const c = currentConfirm();
    if (c) queueMicrotask(() => settleConfirm(c.id, true));
  });
});
afterAll(() => unsubscribe());

describe('the outbox calls of every write', () => {
  it.each(writes.map(([area, write], i) => [`${area} #${i}`, write] as const))(
    '%s is an endpoint of the contract with a body its schema accepts',
    async (_name, write) => {
      await localDb.outbox.clear();
      expect(await write()).not.toBe(false);
      const entries = await localDb.outbox.toArray();
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries) {
        const ep = endpoints.find((x) => x.method === e.method && x.path === e.path);
        expect(ep, `${e.method} ${e.path}`).toBeDefined();
        const parsed = ep!.request.safeParse(e.body);
        expect(parsed.success ? [] : parsed.error.issues, `${e.method} ${e.path}`).toEqual([]);
      }
    },
  );

  it('"keep theirs" on a refused edit is a contract call too', async () => {
    await localDb.outbox.clear();
    await editTag(saved({ title: 'VIP' }), 'Mine');
    const [edit] = await localDb.outbox.toArray();
    await keepTheirs(edit!);
    const [sent] = await localDb.outbox.toArray();
    expect(sent).toMatchObject({ method: API.keepTheirs.method, path: API.keepTheirs.path });
    expect(API.keepTheirs.request.safeParse(sent!.body).success).toBe(true);
  });
});
