/** Without a team: how to join (an invite link from an admin) and a create form. */
import { useState } from 'react';
import type { TeamDetail } from '../../../contract/schemas/team.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { createTeam } from './team-api.ts';
import { TeamTitleField, validTitle } from './TeamTitleField.tsx';

export function NoTeam({ onCreated }: { onCreated: (t: TeamDetail) => void }) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  async function create() {
    if (busy) return; // Enter in the field while the call runs
    const title = validTitle(value);
    if (title === null) return;
    setBusy(true);
    try {
      onCreated(await createTeam(title));
    } catch {
      setBusy(false);
    }
  }

  return (
    <div className="team">
      <section className="screen-panel team-none">
        <h2 className="team-heading">{m.team_none_title()}</h2>
        <p className="team-muted">{m.team_none_join()}</p>
      </section>
      <section className="screen-panel team-create" aria-labelledby="team-create-title">
        <h2 id="team-create-title" className="team-heading">
          {m.team_create_title()}
        </h2>
        <form
          className="team-create__form"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <TeamTitleField value={value} onChange={setValue} />
          <Button type="submit" variant="primary" isLoading={busy}>
            {m.team_create()}
          </Button>
        </form>
      </section>
    </div>
  );
}
