/**
 * /invite/:id (spec section 2 "Invite page"): the inviter (the team's admin) and the team name with
 * a confirm-to-join; a user who already has a team gets a link to /team instead; a malformed id or
 * an unknown/dismissed team (invite.info answers null) shows the empty notice. Joining switches
 * the workspace, so the mirror is re-synced.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { InviteInfo } from '../../../contract/schemas/team.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { confirm } from '../../ui/Dialog.tsx';
import { Result } from '../../ui/Result.tsx';
import { inviteInfo, joinTeam } from './team-api.ts';
import { parseTeamId } from './team-rules.ts';
import { workspaceSwitched } from './workspace-switch.ts';
import './team.css';

type State =
  { kind: 'loading' } | { kind: 'invalid' } | { kind: 'failed' } | { kind: 'ok'; info: InviteInfo };

export function InviteScreen() {
  const teamId = parseTeamId(useParams().id);
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (teamId === null) return;
    let live = true;
    inviteInfo(teamId)
      .then((info) => live && setState(info ? { kind: 'ok', info } : { kind: 'invalid' }))
      .catch(() => live && setState({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, [teamId, attempt]);

  if (teamId === null || state.kind === 'invalid') {
    return (
      <div className="screen-panel">
        <Result status="empty" description={m.team_invite_invalid()} />
      </div>
    );
  }
  if (state.kind === 'loading') return <p className="screen-panel team-muted">{m.common_loading()}</p>;
  if (state.kind === 'failed') {
    return (
      <div className="screen-panel">
        <Result
          status="error"
          extra={<Button onPress={() => setAttempt((n) => n + 1)}>{m.team_retry()}</Button>}
        />
      </div>
    );
  }

  const { info } = state;
  async function join() {
    if (teamId === null) return;
    const ok = await confirm({ message: m.team_join_confirm({ team: info.team_title }) });
    if (!ok) return;
    setBusy(true);
    try {
      await joinTeam(teamId);
    } catch {
      setBusy(false);
      return;
    }
    workspaceSwitched();
    void navigate('/team');
  }

  return (
    <section className="screen-card team-invite-card" aria-label={m.app_title_invite()}>
      <p className="team-invite-lead">
        {m.team_invite_lead({ name: info.member_name, team: info.team_title })}
      </p>
      <dl className="team-facts">
        <dt>{m.team_inviter()}</dt>
        <dd data-testid="invite-admin">{info.member_name}</dd>
        <dt>{m.team_name()}</dt>
        <dd data-testid="invite-team">{info.team_title}</dd>
      </dl>
      {info.team_id !== undefined ? (
        <div className="team-actions">
          <span className="team-muted">{m.team_invite_has_team()}</span>
          <Link to="/team">{m.team_go_team()}</Link>
        </div>
      ) : (
        <div className="team-actions">
          <Button variant="primary" onPress={() => void join()} isDisabled={busy}>
            {m.team_join()}
          </Button>
        </div>
      )}
    </section>
  );
}
