/**
 * The admin's copyable invite link {origin}/invite/{invite_code}, with a copy button and a
 * "reset link" action (confirmed first): the server issues a new code and the old link stops
 * working, e.g. after the link reached the wrong people.
 */
import { useState } from 'react';
import type { TeamDetail } from '../../../contract/schemas/team.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { confirm } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { resetInvite } from './team-api.ts';
import { inviteLink } from './team-rules.ts';

export function InviteLink({ code, onReset }: { code: string; onReset: (t: TeamDetail) => void }) {
  const link = inviteLink(location.origin, code);
  const [busy, setBusy] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(m.team_copied());
    } catch {
      // Clipboard access needs a secure context and permission; the link stays selectable.
      toast.error(m.team_copy_failed());
    }
  }

  async function reset() {
    const ok = await confirm({ message: m.team_reset_link_confirm(), tone: 'danger' });
    if (!ok) return;
    setBusy(true);
    try {
      onReset(await resetInvite());
    } catch {
      // reported by the client; the old link is still the one shown
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="screen-panel team-invite" aria-labelledby="team-invite-title">
      <h2 id="team-invite-title" className="team-heading">
        {m.team_invite_link()}
      </h2>
      <p className="team-muted">{m.team_invite_hint()}</p>
      <div className="team-invite__row">
        <input
          className="cd-input team-invite__link"
          readOnly
          value={link}
          aria-label={m.team_invite_link()}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="primary" onPress={() => void copy()}>
          {m.team_copy()}
        </Button>
        <Button onPress={() => void reset()} isDisabled={busy}>
          {m.team_reset_link()}
        </Button>
      </div>
    </section>
  );
}
