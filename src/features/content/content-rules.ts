/** Pure helpers of the content screens: the message for a refused link, the reminder text. */
import { fillTemplate } from '../../../contract/chat-template-fill.ts';
import type { OverdueSampleRow } from '../../../contract/schemas/content.ts';
import type { LinkRefusal } from '../../../contract/tiktok-link.ts';
import { m } from '../../paraglide/messages.js';

export function linkProblem(r: LinkRefusal): string {
  switch (r) {
    case 'content_link_required':
      return m.ledger_link_required();
    case 'content_link_too_long':
      return m.ledger_link_too_long();
    case 'content_link_short':
      return m.ledger_link_short();
    default:
      return m.ledger_link_invalid();
  }
}

/** The reminder a template makes for an overdue sample: the creator's name, the plan's first product. */
export function draftReminder(content: string, row: OverdueSampleRow, sellerName: string): string {
  return fillTemplate(content, {
    creator_name: row.name || row.handle,
    product_id: row.products[0]?.product_id,
    seller_name: sellerName || undefined,
  });
}
