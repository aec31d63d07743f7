import { describe, expect, it } from 'vitest';
import type { RowOf } from '../../../contract/sync.ts';
import { EVENT_KINDS } from '../../../contract/schemas/workbench.ts';
import { eventText } from './event-text.ts';

const row = (kind: string, detail: string) =>
  ({ id: 1, version: 1, kind, detail }) as RowOf<'creator_events'>;

describe('history rows in plain words', () => {
  it('words every kind the server writes, never the raw detail alone', () => {
    for (const kind of EVENT_KINDS) {
      const detail = kind === 'invitation_status' ? '3.2' : 'email,reach';
      const text = eventText(row(kind, detail));
      expect(text, kind).not.toBe('');
      expect(text, kind).not.toBe(detail);
    }
  });

  it('names the contact fields that changed, not their values', () => {
    expect(eventText(row('contact', 'email,reach'))).toBe(
      'Contact details changed: Email, How to reach them',
    );
    expect(eventText(row('contact', 'phone'))).toBe('Contact details changed: WhatsApp or phone');
  });

  it('names the stage and the plan of a stage change, even a plan name with a colon', () => {
    expect(eventText(row('stage', 'sample_requested:Spring: pets'))).toBe(
      'Plan “Spring: pets”: Sample requested',
    );
  });

  it('says which video of the content records was corrected (which parts) or deleted', () => {
    expect(eventText(row('content_edit', '7312345678901234567|post_time,plan'))).toBe(
      'Video 7312345678901234567 corrected: post time, plan',
    );
    expect(eventText(row('content_del', '7312345678901234567'))).toBe(
      'Video 7312345678901234567 deleted from the content records',
    );
  });

  it('says which order line was deleted and what it was worth', () => {
    expect(eventText(row('sale_del', '576900000000001008|22.5|GBP'))).toBe(
      'Sale line of order 576900000000001008 deleted (£22.50)',
    );
  });
});
