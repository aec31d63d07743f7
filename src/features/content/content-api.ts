/**
 * The content calls (contract/schemas/content.ts) through the shared client. Content records and
 * the overdue samples are read from and written to the server directly: they are not mirrored on
 * the device yet (docs/decisions/plans.md, "Content and post-by dates").
 */
import type { Country } from '../../../contract/constants.ts';
import { API } from '../../../contract/routes.ts';
import { request } from '../../api/client.ts';

export interface PasteInput {
  country: Country;
  link: string;
  /** 0: not for a plan. */
  planId: number;
}

export const pasteContent = (p: PasteInput) =>
  request(
    API.contentAdd,
    // The link goes as typed: the server reads it with the same rules as the form (contract/tiktok-link.ts).
    { country: p.country, link: p.link, plan_id: p.planId || undefined } as never,
    { silent: true },
  );

export const fetchOverdue = (signal?: AbortSignal) =>
  request(API.samplesOverdue, {}, { silent: true, signal });
