/**
 * Admin: transfer the admin role (PUT /team/transfer). The select offers only non-admin members;
 * teams are small, so one page of up to 1000 members is loaded for it.
 */
import { useEffect, useState } from 'react';
import type { TeamDetail, TeamMember } from '../../../contract/schemas/team.ts';
import { m } from '../../paraglide/messages.js';
import { confirm, Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { teamMembers, transferAdmin } from './team-api.ts';
import { transferCandidates } from './team-rules.ts';

interface Props {
  onClose: () => void;
  onSaved: (t: TeamDetail) => void;
}

export function TransferDialog({ onClose, onSaved }: Props) {
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    teamMembers(1, 1000)
      .then((r) => live && setMembers(transferCandidates(r.list)))
      .catch(() => live && setMembers([]));
    return () => {
      live = false;
    };
  }, []);

  async function save() {
    const target = members?.find((x) => x.user_id === userId);
    if (!target) {
      toast.error(m.team_transfer_required());
      return;
    }
    if (!(await confirm({ message: m.team_transfer_confirm({ name: target.member_name }) }))) return;
    setBusy(true);
    try {
      onSaved(await transferAdmin(target.user_id));
      onClose();
    } catch {
      setBusy(false);
    }
  }

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.team_transfer()}
      footer={
        <DialogFooter onCancel={onClose} onConfirm={save} confirmLabel={m.common_confirm()} isBusy={busy} />
      }
    >
      {members === null ? (
        <p className="team-muted">{m.common_loading()}</p>
      ) : (
        <>
          <Select<number>
            label={m.team_transfer_member()}
            items={members.map((x) => ({ id: x.user_id, label: x.member_name || `#${x.user_id}` }))}
            value={userId}
            onChange={setUserId}
            isRequired
          />
          {members.length === 0 && <p className="team-muted">{m.team_transfer_none()}</p>}
        </>
      )}
    </Dialog>
  );
}
