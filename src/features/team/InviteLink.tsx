/**
 * The admin's copyable invite link {origin}/invite/{invite_code}, with a copy button and a
 * "reset link" action (confirmed first): the server issues a new code and the old link stops
 * working, e.g. after the link reached the wrong people. `changed`: the link changed while the screen
 * was open (a member was removed here or on another screen), said in a live region.
 */
import type { TeamDetail } from '../../../contract/schemas/team.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useConfirmedAction, useInFlight } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { resetInvite } from './team-api.ts';
import { inviteLink } from './team-rules.ts';

export function InviteLink({
  code,
  changed,
  onReset,
}: {
  code: string;
  changed: boolean;
  onReset: (t: TeamDetail) => void;
}) {
  const link = inviteLink(location.origin, code);
  // Copy and reset ignore presses while they run: one toast per copy, one new code.
  const copy = useInFlight(async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(m.team_copied());
    } catch {
      // Clipboard access needs a secure context and permission; the link stays selectable.
      toast.error(m.team_copy_failed());
    }
  });
  const reset = useConfirmedAction(
    () => ({ message: m.team_reset_link_confirm(), tone: 'danger' }),
    async () => {
      try {
        onReset(await resetInvite());
      } catch {
        // reported by the client; the old link is still the one shown
      }
    },
  );

  return (
    <section className="screen-panel team-invite" aria-labelledby="team-invite-title">
      <h2 id="team-invite-title" className="team-heading">
        {m.team_invite_link()}
      </h2>
      <p className="team-muted">{m.team_invite_hint()}</p>
      {/* Always rendered, so screen readers hear the note when it is filled. */}
      <p role="status" className="team-invite__changed" data-testid="team-invite-changed">
        {changed ? m.team_invite_changed() : ''}
      </p>
      <div className="team-invite__row">
        <input
          className="cd-input team-invite__link"
          readOnly
          value={link}
          aria-label={m.team_invite_link()}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="primary" isLoading={copy.busy} onPress={() => copy.run()}>
          {m.team_copy()}
        </Button>
        <Button isLoading={reset.busy} onPress={() => reset.run()}>
          {m.team_reset_link()}
        </Button>
      </div>
    </section>
  );
}
