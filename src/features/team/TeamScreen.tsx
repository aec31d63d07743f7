/**
 * /team: team name, admin and creation time for everyone
 * in a team; the admin also gets rename, transfer, dismiss, the invite link (copy, reset) and the
 * member grid; a member may leave. Without a team: how to join, and a create form. Create, leave
 * and dismiss switch the workspace. Removing a member changes the invite link (the server rotates
 * it); this screen, and the admin's other open /team screens (team-live.ts), show the new link
 * with a note that the old one no longer works.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TeamDetail } from '../../../contract/schemas/team.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useConfirmedAction } from '../../ui/Dialog.tsx';
import { Result } from '../../ui/Result.tsx';
import { Tag } from '../../ui/StatusTag.tsx';
import { dismissTeam, leaveTeam, teamInfo, teamInfoQuiet } from './team-api.ts';
import { useMirrorVersion } from './team-live.ts';
import { isAdmin } from './team-rules.ts';
import { InviteLink } from './InviteLink.tsx';
import { MemberGrid } from './MemberGrid.tsx';
import { NoTeam } from './NoTeam.tsx';
import { RenameDialog } from './RenameDialog.tsx';
import { TransferDialog } from './TransferDialog.tsx';
import { workspaceSwitched } from './workspace-switch.ts';
import './team.css';

type Open = 'rename' | 'transfer' | null;

export function TeamScreen() {
  // undefined: loading; null: no team.
  const [team, setTeam] = useState<TeamDetail | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  // Bumped after a change that the member grid must show (transfer, a removal on another screen).
  const [membersKey, setMembersKey] = useState(0);
  // The invite link changed while this screen was open (a removal here or on another screen).
  const [linkChanged, setLinkChanged] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    teamInfo()
      .then(setTeam)
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  // Another screen changed the team (the workspace's version moved): read it again.
  const version = useMirrorVersion();
  const seenVersion = useRef(version);
  const shownCode = useRef<string | undefined>(undefined);
  useEffect(() => {
    shownCode.current = team?.invite_code;
  }, [team]);
  useEffect(() => {
    const before = seenVersion.current;
    seenVersion.current = version;
    if (before === undefined || version === undefined || version === before) return;
    let live = true;
    teamInfoQuiet()
      .then((fresh) => {
        if (!live || fresh === undefined) return;
        if (shownCode.current && fresh?.invite_code && fresh.invite_code !== shownCode.current) {
          setLinkChanged(true);
          setMembersKey((k) => k + 1);
        }
        setTeam(fresh);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [version]);

  // Leaving and dismissing both end in the user's own workspace; a refusal is reported by the client.
  const switchAway = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch {
      return;
    }
    workspaceSwitched();
    setTeam(null);
  };
  // One confirmation and one call per press, however fast the clicks.
  const dismiss = useConfirmedAction(
    () => ({ message: m.team_dismiss_confirm(), tone: 'danger' }),
    () => switchAway(dismissTeam),
  );
  const leave = useConfirmedAction(
    (title: string) => ({ message: m.team_leave_confirm({ team: title }), tone: 'danger' }),
    () => switchAway(leaveTeam),
  );

  if (team === undefined) {
    return (
      <div className="screen-panel team">
        {failed ? (
          <Result status="error" extra={<Button onPress={load}>{m.team_retry()}</Button>} />
        ) : (
          <p className="team-muted">{m.common_loading()}</p>
        )}
      </div>
    );
  }
  if (team === null) {
    return (
      <NoTeam
        onCreated={(t) => {
          workspaceSwitched();
          setTeam(t);
        }}
      />
    );
  }

  const admin = isAdmin(team);
  return (
    <div className="team">
      <section className="screen-panel team-info" aria-label={m.team_name()}>
        <dl className="team-facts">
          <dt>{m.team_name()}</dt>
          <dd data-testid="team-title">{team.team_title}</dd>
          <dt>{m.team_admin()}</dt>
          <dd data-testid="team-admin">{team.member_name}</dd>
          <dt>{m.team_created_at()}</dt>
          <dd>{formatDateTime(team.add_time)}</dd>
        </dl>
        {admin ? (
          <div className="team-actions">
            <Button onPress={() => setOpen('rename')}>{m.team_edit_name()}</Button>
            <Button onPress={() => setOpen('transfer')}>{m.team_transfer()}</Button>
            <Button variant="danger" isLoading={dismiss.busy} onPress={() => dismiss.run()}>
              {m.team_dismiss()}
            </Button>
          </div>
        ) : (
          <div className="team-actions">
            <Tag tone="off">{m.team_role_member()}</Tag>
            <Button variant="danger" isLoading={leave.busy} onPress={() => leave.run(team.team_title)}>
              {m.team_leave()}
            </Button>
          </div>
        )}
      </section>
      {admin && (
        <>
          {team.invite_code && <InviteLink code={team.invite_code} changed={linkChanged} onReset={setTeam} />}
          <MemberGrid
            key={membersKey}
            onRemoved={(t) => {
              setLinkChanged(true);
              setTeam(t);
            }}
          />
        </>
      )}
      {open === 'rename' && (
        <RenameDialog current={team.team_title} onClose={() => setOpen(null)} onSaved={setTeam} />
      )}
      {open === 'transfer' && (
        <TransferDialog
          onClose={() => setOpen(null)}
          onSaved={(t) => {
            setTeam(t);
            setMembersKey((k) => k + 1);
          }}
        />
      )}
    </div>
  );
}
