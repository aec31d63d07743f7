/**
 * Tells the user what became of their changes (db/notices.ts): a refusal, or an acceptance that
 * skipped part of the change. Each notice is decided once, when this tab first sees it: if the
 * user is on the page where they acted, it shows there as a toast (with the reason, the next step
 * and its link) and is read; otherwise it stays under the header, in the layout's flow (so it never
 * covers the menu), on every page, until the user dismisses it or follows its link. The sync
 * panel keeps listing the failed change itself until it is retried or discarded.
 */
import { useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useLocation } from 'react-router-dom';
import { META, getMeta, type LocalSession } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { markRead, unreadOf } from '../../db/notices.ts';
import type { Notice } from '../../db/outbox-types.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { describeChange, nextStep } from './change-text.ts';
import './notices.css';

/** A toast about a refusal stays long enough to read its reason and follow its link. */
const NOTICE_TOAST_MS = 10_000;

export interface NoticeView {
  title: string;
  reason: string;
  hint: string;
  action?: { label: string; href: string };
}

export function noticeView(n: Notice): NoticeView {
  const change = describeChange(n);
  if (n.kind === 'partial')
    return { title: m.sync_notice_partial({ change }), reason: n.msg, hint: m.sync_hint_blacklisted() };
  const step = nextStep(n.code, n.path);
  return {
    title: m.sync_notice_refused({ change }),
    reason: n.msg,
    hint: step.hint,
    ...(step.action ? { action: step.action } : {}),
  };
}

export function NoticeCenter() {
  const { pathname } = useLocation();
  const notices = useLiveQuery(async () => {
    const s = await getMeta<LocalSession>(localDb, META.session);
    return s ? unreadOf(localDb, s) : [];
  }, []);
  /** Ids already decided: toasted ones are being deleted, the rest stay as banners. */
  const decided = useRef(new Map<number, 'toast' | 'banner'>());
  const [, redraw] = useState(0);

  useEffect(() => {
    let changed = false;
    for (const n of notices ?? []) {
      if (n.id === undefined || decided.current.has(n.id)) continue;
      changed = true;
      if (n.origin === pathname) {
        decided.current.set(n.id, 'toast');
        const v = noticeView(n);
        const show = n.kind === 'refused' ? toast.error : toast.warning;
        show(`${v.title}: ${v.reason}`, {
          detail: v.hint,
          timeout: NOTICE_TOAST_MS,
          ...(v.action ? { action: v.action } : {}),
        });
        void markRead(localDb, n.id);
      } else decided.current.set(n.id, 'banner');
    }
    if (changed) redraw((x) => x + 1);
  }, [notices, pathname]);

  const banners = (notices ?? []).filter((n) => n.id !== undefined && decided.current.get(n.id) === 'banner');
  if (banners.length === 0) return null;
  return (
    <section className="cd-notices" aria-label={m.sync_notices_label()}>
      {banners.map((n) => (
        <NoticeBanner key={n.id} notice={n} />
      ))}
    </section>
  );
}

function NoticeBanner({ notice }: { notice: Notice }) {
  const v = noticeView(notice);
  const read = () => void markRead(localDb, notice.id!);
  return (
    <div className={`cd-notice cd-notice--${notice.kind}`} role="alert">
      <div className="cd-notice__text">
        <strong className="cd-notice__title">{v.title}</strong>
        <span className="cd-notice__reason">{v.reason}</span>
        <span className="cd-notice__hint">{v.hint}</span>
      </div>
      <div className="cd-notice__actions">
        {v.action && (
          <Link className="cd-button cd-button--primary cd-button--sm" to={v.action.href} onClick={read}>
            {v.action.label}
          </Link>
        )}
        <Button size="sm" onPress={read}>
          {m.sync_notice_dismiss()}
        </Button>
      </div>
    </div>
  );
}
