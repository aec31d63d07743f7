/**
 * Optional browser notifications for follow-ups that fall due while the app is open.
 * Permission is asked only when the user first sets a reminder (askToNotifyOnce), never on load.
 * Each follow-up notifies once per day it is due (kept in localStorage, so a reload or a second
 * tab does not repeat it); a click opens the creator's page. Nothing happens without permission.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { m } from '../../paraglide/messages.js';
import { followupOf, notifyKey, toNotify, today } from './followup-rules.ts';
import { useCreatorRows, useCreatorsById } from './workbench-queries.ts';

const ASKED = 'creatordesk-notify-asked';
const NOTIFIED = 'creatordesk-notified';

const supported = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

/** Asks for notification permission the first time a reminder is set on this device. */
export function askToNotifyOnce(): void {
  if (!supported() || Notification.permission !== 'default' || localStorage.getItem(ASKED)) return;
  localStorage.setItem(ASKED, '1');
  void Notification.requestPermission();
}

function notifiedToday(day: string): Set<string> {
  try {
    const keys = JSON.parse(localStorage.getItem(NOTIFIED) ?? '[]') as unknown;
    return new Set(
      Array.isArray(keys)
        ? keys.filter((k): k is string => typeof k === 'string' && k.endsWith(`@${day}`))
        : [],
    );
  } catch {
    return new Set();
  }
}

export function DueNotifier() {
  const rows = useCreatorRows('creator_followups');
  const navigate = useNavigate();
  const day = today();
  const due = toNotify(
    (rows ?? []).map((r) => ({ ...followupOf(r), row: r })),
    day,
    new Set(),
  );
  const creators = useCreatorsById(due.map((f) => f.row.creator_id));

  useEffect(() => {
    if (!supported() || Notification.permission !== 'granted' || !rows || !creators) return;
    const check = () => {
      const now = today();
      const seen = notifiedToday(now);
      const fresh = toNotify(
        rows.map((r) => ({ ...followupOf(r), row: r })),
        now,
        seen,
      );
      for (const f of fresh) {
        const creatorId = f.row.creator_id;
        const c = creators.get(creatorId);
        // The creator's row comes a render after a new follow-up: notify then, with its name.
        if (!c) continue;
        const name = c.daren_name || c.nick_name || `@${c.unique_id}`;
        const note = new Notification(m.workbench_notify_title({ name }), {
          body: f.row.text,
          tag: `creatordesk-followup-${f.id}`,
        });
        note.onclick = () => {
          window.focus();
          navigate(`/creator/${creatorId}`);
          note.close();
        };
        seen.add(notifyKey(f, now));
      }
      if (fresh.length) localStorage.setItem(NOTIFIED, JSON.stringify([...seen]));
    };
    check();
    // A follow-up set for today falls due at once; one set for tomorrow after local midnight.
    const timer = window.setInterval(check, 60_000);
    return () => window.clearInterval(timer);
  }, [rows, creators, navigate, day]);

  return null;
}
