/** Plain words for a history row, in the user's language. */
import type { RowOf } from '../../../contract/sync.ts';
import { formatGmv } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { statusLabel, subStatusLabel } from '../invitations/invitation-rules.ts';
import { stageLabel } from '../plans/plan-rules.ts';

export function eventText(e: RowOf<'creator_events'>): string {
  const detail = e.detail ?? '';
  switch (e.kind) {
    case 'chat':
      return detail === '1' ? m.workbench_event_chat_on() : m.workbench_event_chat_off();
    case 'invited':
      return detail === '1' ? m.workbench_event_invited_on() : m.workbench_event_invited_off();
    case 'tag_add':
      return m.workbench_event_tag_add({ tags: detail });
    case 'tag_del':
      return m.workbench_event_tag_del({ tags: detail });
    case 'black_add':
      return detail ? m.workbench_event_black_add_reason({ reason: detail }) : m.workbench_event_black_add();
    case 'black_del':
      return m.workbench_event_black_del();
    case 'invitation':
      return detail
        ? m.workbench_event_invitation_products({ products: detail })
        : m.workbench_event_invitation();
    case 'invitation_status': {
      const [status, sub] = detail.split('.').map(Number);
      const label = statusLabel(status ?? 0);
      return m.workbench_event_status({ status: sub ? `${label} · ${subStatusLabel(sub)}` : label });
    }
    case 'contact':
      return m.workbench_event_contact({ fields: contactFields(detail) });
    case 'conflict': {
      // `<outcome>:<the other member's name>`; the name may itself hold a colon.
      const cut = detail.indexOf(':');
      const [outcome, other] = cut < 0 ? [detail, ''] : [detail.slice(0, cut), detail.slice(cut + 1)];
      if (outcome === 'restored') return m.workbench_event_conflict_restored({ other });
      if (outcome === 'kept_theirs') return m.workbench_event_conflict_kept_theirs({ other });
      return m.workbench_event_conflict_kept_mine({ other });
    }
    case 'stage': {
      // `<stage>:<plan name>`; the plan's name may itself hold a colon.
      const cut = detail.indexOf(':');
      return m.workbench_event_stage({
        stage: stageLabel(detail.slice(0, cut)),
        plan: detail.slice(cut + 1),
      });
    }
    case 'sale_del': {
      // `<order id>|<amount>|<currency>`: an order line deleted by hand.
      const [order = '', amount = '', currency = ''] = detail.split('|');
      return m.workbench_event_sale_del({ order, amount: formatGmv(Number(amount), currency) });
    }
    case 'content_edit': {
      // `<video id>|<fields>`: which parts of a content record a member corrected.
      const [video = '', fields = ''] = detail.split('|');
      return m.workbench_event_content_edit({ video, fields: contentFields(fields) });
    }
    case 'content_del':
      return m.workbench_event_content_del({ video: detail });
    case 'import':
      return m.workbench_event_import();
    case 'ingest':
      return m.workbench_event_ingest();
    case 'note':
      return m.workbench_event_note({ text: detail });
    default:
      return detail;
  }
}

/** A history row's comma-separated field names in the user's words (an unknown one as written). */
function fieldWords(detail: string, words: Record<string, () => string>): string {
  return detail
    .split(',')
    .map((f) => words[f]?.() ?? f)
    .join(', ');
}

/** The parts of a content record a correction names. */
const contentFields = (detail: string): string =>
  fieldWords(detail, {
    post_time: m.workbench_content_post_time,
    plan: m.workbench_content_plan,
    products: m.workbench_content_products,
    kind: m.workbench_content_kind,
  });

/** The contact fields a history row names. */
const contactFields = (detail: string): string =>
  fieldWords(detail, {
    email: m.workbench_contact_email,
    phone: m.workbench_contact_phone,
    reach: m.workbench_contact_reach,
  });
