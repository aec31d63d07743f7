/**
 * /amateur: authors below the workspace's follower threshold across live topics
 * (POST /challenge/blogger.lists). Server paging and sorting (field + sort), a column chooser
 * with the long text columns hidden by default (stored under 'amateur'), the layman export, and
 * a bulk "add to creators" (POST /challenge/blogger.to.creators) on the selected rows.
 * Rows are keyed by unique_id so the selection, which survives paging, is what the call needs.
 * A narrow grid (a phone) shows each amateur as a card.
 */
import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_COUNTRY } from '../../../contract/constants.ts';
import type { AmateurRow } from '../../../contract/schemas/topic-tracking.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { DataGrid } from '../../ui/DataGrid/DataGrid.tsx';
import type { GridColumn, SortState } from '../../ui/DataGrid/grid-types.ts';
import { useSelection } from '../../ui/DataGrid/useSelection.ts';
import { authorCard } from '../topic-tracking/author-card.tsx';
import { authorColumns } from '../topic-tracking/author-columns.tsx';
import { amateurs, toCreators } from '../topic-tracking/topic-tracking-api.ts';
import { usePagedList } from '../topic-tracking/usePagedList.ts';
import { ExportButton } from '../export/ExportButton.tsx';
import { AmateurFilters, type AmateurFilterValue } from './AmateurFilters.tsx';
import { AmateurThreshold } from './AmateurThreshold.tsx';
import '../topic-tracking/topic-tracking.css';

/** Shown on the topic influencer page, but hidden by default in the wider amateur grid. */
const HIDDEN_HERE = new Set(['socialize', 'tags']);

function amateurColumns(): GridColumn<AmateurRow>[] {
  const base = authorColumns<AmateurRow>(true).map((c) =>
    HIDDEN_HERE.has(c.id) ? { ...c, hiddenByDefault: true } : c,
  );
  const time = (pick: (r: AmateurRow) => number | null) => (r: AmateurRow) => formatDateTime(pick(r));
  return [
    ...base,
    {
      id: 'video_last_time',
      header: m.amateur_col_last_video(),
      width: 170,
      sortable: true,
      firstOrder: 'desc',
      render: time((r) => r.video_last_time),
    },
    {
      id: 'add_time',
      header: m.amateur_col_added(),
      width: 170,
      sortable: true,
      firstOrder: 'desc',
      render: time((r) => r.add_time),
    },
  ];
}

export function AmateursScreen() {
  const [filters, setFilters] = useState<AmateurFilterValue>({
    country: DEFAULT_COUNTRY,
    name: '',
    challenge: '',
  });
  const [sort, setSort] = useState<SortState | null>(null);
  const [adding, setAdding] = useState(false);
  const selection = useSelection('amateur');
  const columns = useMemo(amateurColumns, []);
  const card = useMemo(() => authorCard<AmateurRow>(), []);

  const queryKey = JSON.stringify([filters, sort]);
  const load = useCallback(
    (page: number, limit: number, signal: AbortSignal) =>
      amateurs({ ...filters, field: sort?.field, sort: sort?.order, page, limit }, signal),
    [filters, sort],
  );
  const list = usePagedList(load, queryKey);

  function changeFilters(next: AmateurFilterValue) {
    // a selection belongs to one country's creators
    if (next.country !== filters.country) selection.clear();
    setFilters(next);
  }

  async function addToCreators() {
    setAdding(true);
    try {
      await toCreators(filters.country, [...selection.keys].map(String));
      selection.clear();
      list.reload();
    } catch {
      /* the client has shown the error; keep the selection to retry */
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="screen-panel tt-panel">
      <AmateurFilters value={filters} onChange={changeFilters} />
      <DataGrid
        aria-label={m.app_title_amateur()}
        storageKey="amateur"
        columns={columns}
        card={card}
        rows={list.rows}
        total={list.total}
        getRowKey={(r) => r.unique_id}
        loading={list.loading}
        sort={sort}
        onSortChange={setSort}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onRefresh={list.reload}
        selection={selection}
        selectionActions={
          <Button size="sm" variant="primary" isLoading={adding} onPress={() => void addToCreators()}>
            {m.amateur_add_to_creators({ count: formatNumber(selection.size) })}
          </Button>
        }
        stickyFirstColumn
        emptyText={list.loaded ? m.amateur_empty() : undefined}
        toolbar={
          <>
            <ExportButton types={['layman']} country={filters.country} label={m.amateur_download()} />
            <AmateurThreshold onChanged={list.reload} />
          </>
        }
      />
    </div>
  );
}
