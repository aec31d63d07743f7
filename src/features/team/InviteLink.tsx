/** The admin's copyable invite link {origin}/invite/{teamId}, with a copy button and a toast. */
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { inviteLink } from './team-rules.ts';

export function InviteLink({ teamId }: { teamId: number }) {
  const link = inviteLink(location.origin, teamId);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(m.team_copied());
    } catch {
      // Clipboard access needs a secure context and permission; the link stays selectable.
      toast.error(m.team_copy_failed());
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
      </div>
    </section>
  );
}
