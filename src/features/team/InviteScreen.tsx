/**
 * /invite/:code: the inviter (the team's admin) and the team name
 * with a confirm-to-join; a user who already has a team gets a link to /team instead. The path
 * carries the team's secret invite code (docs/decisions/teams.md): an old numeric link, a wrong or reset
 * code, or a dismissed team all show the empty notice asking for a correct link. Joining switches
 * the workspace, so the mirror is re-synced.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CODES } from '../../../contract/codes.ts';
import type { InviteInfo } from '../../../contract/schemas/team.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { confirm } from '../../ui/Dialog.tsx';
import { Result } from '../../ui/Result.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { inviteInfo, joinTeam } from './team-api.ts';
import { parseInviteCode } from './team-rules.ts';
import { workspaceSwitched } from './workspace-switch.ts';
import './team.css';

type State =
  { kind: 'loading' } | { kind: 'invalid' } | { kind: 'failed' } | { kind: 'ok'; info: InviteInfo };

export function InviteScreen() {
  const code = parseInviteCode(useParams().id);
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (code === null) return;
    let live = true;
    inviteInfo(code)
      .then((env) => {
        if (!live) return;
        if (env.code === CODES.OK) setState({ kind: 'ok', info: env.data });
        else if (env.code === CODES.NOT_FOUND) setState({ kind: 'invalid' });
        else {
          toast.error(env.msg); // e.g. too many wrong links: the msg says how long to wait
          setState({ kind: 'failed' });
        }
      })
      .catch(() => live && setState({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, [code, attempt]);

  if (code === null || state.kind === 'invalid') {
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
    if (code === null) return;
    const ok = await confirm({ message: m.team_join_confirm({ team: info.team_title }) });
    if (!ok) return;
    setBusy(true);
    let env;
    try {
      env = await joinTeam(code);
    } catch {
      setBusy(false);
      return;
    }
    if (env.code !== CODES.OK) {
      setBusy(false);
      // The link died meanwhile (reset, dismissed): the notice says what to do next.
      if (env.code === CODES.NOT_FOUND) setState({ kind: 'invalid' });
      else toast.error(env.msg);
      return;
    }
    // The page moves to /team: the greeting follows it.
    toast.success(env.msg, { page: '*' });
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
          <Button variant="primary" onPress={() => void join()} isLoading={busy}>
            {m.team_join()}
          </Button>
        </div>
      )}
    </section>
  );
}
