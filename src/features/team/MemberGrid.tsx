/**
 * Admin: the paged member grid (GET /team/user.lists): name with an admin badge, last sign-in,
 * join time, and a remove button (confirmed; disabled for the admin). A removal changes the invite
 * link (the server rotates it): the confirmation says so, and `onRemoved` gets the team with the
 * new link. A react-aria Table with the kit's Pager: a team is small, the virtualised DataGrid is
 * for the creator lists.
 */
import { useCallback, useEffect, useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { TeamDetail, TeamMember } from '../../../contract/schemas/team.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useConfirmedAction } from '../../ui/Dialog.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { DEFAULT_PAGE_SIZE } from '../../ui/pager-rules.ts';
import { Tag } from '../../ui/StatusTag.tsx';
import { removeMember, teamMembers } from './team-api.ts';
import { isAdmin } from './team-rules.ts';
import '../catalog/catalog.css';

interface Page {
  list: TeamMember[];
  count: number;
}

export function MemberGrid({ onRemoved }: { onRemoved: (team: TeamDetail) => void }) {
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const [data, setData] = useState<Page | null>(null);
  const [version, setVersion] = useState(0);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    teamMembers(paging.page, paging.size)
      .then((r) => live && setData({ list: r.list, count: r.count }))
      .catch(() => live && setData({ list: [], count: 0 }));
    return () => {
      live = false;
    };
  }, [paging, version]);

  // One removal at a time: a double-click asks once; the pressed row's button shows the call.
  const [removing, setRemoving] = useState<number | null>(null);
  const remove = useConfirmedAction(
    (x: TeamMember) => ({ message: m.team_remove_confirm({ name: x.member_name }), tone: 'danger' }),
    async (x: TeamMember) => {
      setRemoving(x.user_id);
      try {
        onRemoved(await removeMember(x.user_id));
      } catch {
        return;
      }
      // The last member of a later page gone: step back so the page is not empty.
      if (data && data.list.length === 1 && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
      else reload();
    },
  );

  return (
    <section className="screen-panel team-members" aria-labelledby="team-members-title">
      <h2 id="team-members-title" className="team-heading">
        {m.team_members()}
      </h2>
      <div className="catalog-table">
        <div className="catalog-table__scroll">
          <Table aria-label={m.team_members()} className="catalog-table__table">
            <TableHeader>
              <Column isRowHeader className="catalog-table__th">
                {m.team_col_name()}
              </Column>
              <Column className="catalog-table__th">{m.team_col_login()}</Column>
              <Column className="catalog-table__th">{m.team_col_joined()}</Column>
              <Column className="catalog-table__th">{m.team_col_actions()}</Column>
            </TableHeader>
            <TableBody
              items={data?.list ?? []}
              // Rows are cached per item: re-render them when a removal starts or ends.
              dependencies={[remove.busy, removing]}
              renderEmptyState={() => (
                <div className="catalog-table__empty">{data ? m.grid_empty() : m.common_loading()}</div>
              )}
            >
              {(x) => (
                <Row id={x.user_id} className="catalog-table__row">
                  <Cell className="catalog-table__td">
                    <span className="team-member-name">{x.member_name}</span>
                    {isAdmin(x) && (
                      <Tag tone="blue" className="team-badge">
                        {m.team_admin()}
                      </Tag>
                    )}
                  </Cell>
                  <Cell className="catalog-table__td">{formatDateTime(x.login_time)}</Cell>
                  <Cell className="catalog-table__td">{formatDateTime(x.add_time)}</Cell>
                  <Cell className="catalog-table__td">
                    <Button
                      size="sm"
                      variant="danger"
                      isDisabled={isAdmin(x) || remove.busy}
                      isLoading={remove.busy && removing === x.user_id}
                      aria-label={`${m.team_remove()} ${x.member_name}`}
                      onPress={() => remove.run(x)}
                    >
                      {m.team_remove()}
                    </Button>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
        <Pager
          page={paging.page}
          pageSize={paging.size}
          total={data?.count ?? 0}
          onChange={(page, size) => setPaging({ page, size })}
        />
      </div>
    </section>
  );
}
