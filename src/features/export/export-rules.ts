/**
 * The words an export states before it starts (limits are shown before they bite): its
 * row count, and on the free plan how many of them the file will hold ("Free plan: the first 500
 * of 12,345 rows; VIP exports all"). Shared by the server exports and the offline "export this
 * view", which follows the same cap.
 */
import type { DownloadType } from '../../../contract/constants.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';

export function typeLabel(type: DownloadType): string {
  const labels: Record<DownloadType, () => string> = {
    blogger: m.export_type_blogger,
    chat: m.export_type_chat,
    unchat: m.export_type_unchat,
    invitation: m.export_type_invitation,
    uninvitation: m.export_type_uninvitation,
    black: m.export_type_black,
    layman: m.export_type_layman,
  };
  return labels[type]();
}

export interface CountStatement {
  /** "This export has 12,345 rows." */
  count: string;
  /** The plan's cap as it applies, or null when the plan exports all. */
  cap: string | null;
  /** True when the cap leaves rows out: offer the upgrade. */
  cut: boolean;
}

/** What an export of `rows` rows holds under `cap` (null: no cap); `view` for the offline export. */
export function countStatement(rows: number, cap: number | null, view = false): CountStatement {
  const shown = formatNumber(rows);
  const count = view ? m.export_view_rows({ count: rows }) : m.export_rows({ count: rows });
  if (cap === null) return { count, cap: null, cut: false };
  const cut = rows > cap;
  const capText = formatNumber(cap);
  if (!cut) return { count, cap: m.export_cap_note({ cap: capText }), cut };
  return {
    count,
    cap: view
      ? m.export_view_capped({ cap: capText, rows: shown })
      : m.export_capped({ cap: capText, rows: shown }),
    cut,
  };
}
