/**
 * /home: the creator database over the local mirror. Filters, sort and paging are answered by
 * the query worker (only the visible page crosses to the UI); edits go through the outbox
 * (creator-actions.ts) and show at once. Rows are keyed `id:unique_id` so a persisted selection
 * (useSelection('home'), kept across pages and reloads) is enough to build the wire's
 * `bloggers` list without the rows being on screen.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DOWNLOAD_TYPES } from '../../../contract/constants.ts';
import type { CreatorTag } from '../../../contract/sync.ts';
import { localDb } from '../../db/local.ts';
import { mergeTags } from '../../db/overlay.ts';
import { useLocalRows } from '../../db/queries.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { DataGrid } from '../../ui/DataGrid/DataGrid.tsx';
import type { RowKey, SortState } from '../../ui/DataGrid/grid-types.ts';
import { useSelection } from '../../ui/DataGrid/useSelection.ts';
import { liveValue } from '../../ui/live-value.ts';
import { DEFAULT_PAGE_SIZE } from '../../ui/pager-rules.ts';
import { toast } from '../../ui/toast-queue.ts';
import { SORT_FIELDS, type SortField } from '../../workers/query-types.ts';
import { ExportButton } from '../export/ExportButton.tsx';
import { ExportViewButton, type ViewQuery } from '../export/ExportViewButton.tsx';
import { tellOutcome } from '../sync/outcome.ts';
import { useFirstSyncDone } from '../sync/useFirstSyncDone.ts';
import { markCreators, tagCreators, type CreatorRef } from './creator-actions.ts';
import { creatorCard } from './creator-card.tsx';
import { creatorColumns, type HomeRow } from './creator-columns.tsx';
import { ImportButton } from '../import/ImportButton.tsx';
import { HomeFilters } from './HomeFilters.tsx';
import { IdsNote } from './IdsNote.tsx';
import { statusPatch, toCreatorFilter, type HomeFilterValue, type StatusChoice } from './home-rules.ts';
import { useChallenge } from './useChallenge.ts';
import { useBootRowsCopy } from './useBootRowsCopy.ts';
import { useCreatorQuery } from './useCreatorQuery.ts';
import { useKeptScroll, useKeptView } from '../../ui/kept-view.ts';
import { useLocation } from 'react-router-dom';
import { DEFAULT_FILTERS, fromQuery, hasView, toQuery } from './home-url.ts';
import { SavedViews, useViewInUrl } from './SavedViews.tsx';
import './home.css';

// The bulk dialogs load their code when they open, not with Home (the /home JS budget).
const AddToPlanDialog = lazy(() =>
  import('../plans/AddToPlanDialog.tsx').then((mod) => ({ default: mod.AddToPlanDialog })),
);
const EditStatusDialog = lazy(() =>
  import('./EditStatusDialog.tsx').then((mod) => ({ default: mod.EditStatusDialog })),
);
const TagDialog = lazy(() => import('./TagDialog.tsx').then((mod) => ({ default: mod.TagDialog })));
const SimilarDialog = lazy(() =>
  import('../lookalike/SimilarDialog.tsx').then((mod) => ({ default: mod.SimilarDialog })),
);
const BestSellersDialog = lazy(() =>
  import('../lookalike/SimilarDialog.tsx').then((mod) => ({ default: mod.BestSellersDialog })),
);

const rowKey = (r: HomeRow): string => `${r.id}:${r.unique_id}`;
export function refOfKey(k: RowKey): CreatorRef {
  const s = String(k);
  const at = s.indexOf(':');
  return { id: Number(s.slice(0, at)), unique_id: s.slice(at + 1) };
}

export function HomeScreen() {
  // Kept for the tab: back from a creator page finds the same view. A visit that is not
  // such a return opens the view its URL names (a bookmark, a link from a teammate), if any.
  const { search } = useLocation();
  const kept = useKeptView('home', {
    filters: DEFAULT_FILTERS,
    sort: null as SortState | null,
    page: 1,
  });
  const [start] = useState(() =>
    !kept.restored && hasView(search) ? { ...fromQuery(search), page: 1 } : kept.start,
  );
  // A view kept before `ids` existed has none: defaults under it.
  const [filters, setFilters] = useState<HomeFilterValue>({ ...DEFAULT_FILTERS, ...start.filters });
  const [sort, setSort] = useState<SortState | null>(start.sort);
  const [page, setPage] = useState({ page: start.page, size: DEFAULT_PAGE_SIZE });
  const { keep } = kept;
  useEffect(() => keep({ filters, sort, page: page.page }), [filters, sort, page.page, keep]);
  const settledQuery = useViewInUrl(toQuery({ filters, sort }));
  // Opening a saved view puts its filters in the boxes: they keep their own text, so they start over.
  const [opened, setOpened] = useState(0);
  const [dialog, setDialog] = useState<'status' | 'tags' | 'plan' | 'similar' | 'best' | null>(null);
  const selection = useSelection('home');
  const columns = useMemo(creatorColumns, []);
  const card = useMemo(creatorCard, []);
  const challengeIds = useChallenge(filters.country, filters.challenge);

  const tagRows = useLocalRows(localDb, 'tags', filters.country);
  // The live query answers again after every synced page; the filters' selects and date picker
  // re-render only when the tags themselves change (a first sync re-rendered them per page).
  const tagsKey = JSON.stringify((tagRows ?? []).map((t) => [t.id, t.title ?? '']));
  const tags = useMemo<CreatorTag[]>(
    () =>
      (JSON.parse(tagsKey) as [number, string][]).map(([id, title]) => ({
        tag_id: id,
        tag_title: String(title),
      })),
    [tagsKey],
  );

  const field = (SORT_FIELDS as readonly string[]).includes(sort?.field ?? '')
    ? (sort!.field as SortField)
    : undefined;
  const creatorFilter = toCreatorFilter(filters, challengeIds);
  const list = useCreatorQuery({
    country: filters.country,
    filter: creatorFilter,
    field,
    sort: field ? sort!.order : undefined,
    page: page.page,
    pageSize: page.size,
  });

  useKeptScroll('home', list.loaded && list.rows.length > 0);
  // Until the first full sync is done, the rows shown are the ones that have arrived so far: the
  // total and an empty grid say so instead of "Total 0" and "No creators match".
  const firstSyncDone = useFirstSyncDone();
  const arriving = firstSyncDone === false;
  useBootRowsCopy({
    loaded: list.loaded,
    firstPage: page.page === 1 && page.size === DEFAULT_PAGE_SIZE,
    synced: firstSyncDone === true,
    rows: list.rows,
  });

  // A new result starts on page 1 (a sort change resets the page); not the kept
  // view coming back on mount.
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    setPage((p) => (p.page === 1 ? p : { ...p, page: 1 }));
  }, [filters, sort]);

  const openView = useCallback(
    (q: string) => {
      const view = fromQuery(q);
      setFilters((prev) => {
        if (view.filters.country !== prev.country) selection.clear();
        return view.filters;
      });
      setSort(view.sort);
      setOpened((n) => n + 1);
    },
    [selection],
  );

  const changeFilters = useCallback(
    (next: HomeFilterValue) => {
      setFilters((prev) => {
        // a selection belongs to one country's creators
        if (next.country !== prev.country) selection.clear();
        return next;
      });
    },
    [selection],
  );

  // A view of saved creators (ids) keeps them through other filter changes; only this lifts it.
  const clearIds = useCallback(() => setFilters((prev) => (prev.ids ? { ...prev, ids: null } : prev)), []);

  // Stable callbacks and memoised toolbar parts: a keystroke or a sort click re-renders the grid's
  // rows, not the screen's buttons (react-aria buttons cost a few ms each render).
  const selectionRef = useRef(selection);
  const reloadRef = useRef(list.reload);
  useEffect(() => {
    selectionRef.current = selection;
    reloadRef.current = list.reload;
  });
  const openDialog = useCallback((which: 'status' | 'tags' | 'plan' | 'similar') => {
    if (!selectionRef.current.size) {
      toast.warning(m.home_select_first());
      return;
    }
    setDialog(which);
  }, []);
  const reload = useCallback(() => reloadRef.current(), []);
  // A new page size starts at page 1.
  const changePage = useCallback(
    (p: number, size: number) => setPage((prev) => ({ page: size === prev.size ? p : 1, size })),
    [],
  );

  /**
   * Runs a queued edit. The page shows it before the outbox write and keeps it until the query
   * worker has it (a refused write drops it and asks the worker again, which puts the rows back);
   * on success the selection clears and the dialog closes.
   */
  async function queued(run: (refs: CreatorRef[]) => Promise<number>, show: (r: HomeRow) => HomeRow) {
    const refs = [...selection.keys].map(refOfKey);
    const edit = list.showEdit(new Set(refs.map((r) => r.id)), show);
    let seq: number;
    try {
      seq = await run(refs);
    } catch (e) {
      edit.discard();
      void list.reload();
      toast.error(e instanceof Error ? e.message : String(e));
      return;
    }
    void edit.settle();
    selection.clear();
    setDialog(null);
    tellOutcome(seq, m.catalog_updated());
  }

  const editStatus = (choice: StatusChoice) => {
    const patch = statusPatch(choice);
    return queued(
      (refs) => markCreators(filters.country, refs, patch),
      (r) => ({ ...r, ...patch }),
    );
  };

  const applyTags = (op: 'add' | 'del', picked: CreatorTag[]) =>
    queued(
      (refs) => tagCreators(filters.country, refs, op, picked),
      (r) => ({ ...r, tags: mergeTags(r.tags, op, picked) }),
    );

  const country = filters.country;
  const buttons = useMemo(
    () => (
      <>
        <ExportButton types={DOWNLOAD_TYPES} country={country} label={m.home_download()} withJobs />
        <ImportButton country={country} />
      </>
    ),
    [country],
  );
  // The export reads the view when it starts and its count live while its menu is open; a
  // keystroke changes the filter and the count, not the toolbar.
  const exportQuery = useRef<ViewQuery>({});
  const [exportTotal] = useState(() => liveValue(0));
  useEffect(() => {
    exportQuery.current = { ...creatorFilter, field, sort: field ? sort!.order : undefined };
    exportTotal.set(list.total);
  });
  const getExportQuery = useCallback(() => exportQuery.current, []);
  const exportButton = useMemo(
    () => <ExportViewButton country={country} getQuery={getExportQuery} total={exportTotal} />,
    [country, getExportQuery, exportTotal],
  );
  const editButtons = useMemo(
    () => (
      <>
        <Button size="sm" onPress={() => openDialog('status')}>
          {m.home_edit_status()}
        </Button>
        <Button size="sm" onPress={() => openDialog('tags')}>
          {m.home_set_tags()}
        </Button>
        <Button size="sm" onPress={() => openDialog('plan')}>
          {m.plans_add()}
        </Button>
        <Button size="sm" onPress={() => openDialog('similar')}>
          {m.similar_title()}
        </Button>
        <Button size="sm" onPress={() => setDialog('best')}>
          {m.fit_best_overall()}
        </Button>
      </>
    ),
    [openDialog],
  );
  // A live region that stays in the toolbar, so a screen reader hears the note when it appears.
  const staleNotice = useMemo(
    () => (
      <span className="home-stale" role="status">
        {list.stale && (
          <>
            <span>{m.home_rows_waiting()}</span>
            <Button size="sm" variant="link" onPress={reload}>
              {m.home_rows_show()}
            </Button>
          </>
        )}
      </span>
    ),
    [list.stale, reload],
  );
  const toolbar = useMemo(
    () => (
      <>
        {buttons}
        {exportButton}
        {editButtons}
      </>
    ),
    [buttons, exportButton, editButtons],
  );

  return (
    <div className="screen-panel home-panel">
      <div className="home-filter-row">
        <HomeFilters key={opened} value={filters} tags={tags} onChange={changeFilters} onSearch={reload} />
        <SavedViews query={settledQuery} onOpen={openView} />
      </div>
      {filters.ids?.length ? <IdsNote count={filters.ids.length} onClear={clearIds} /> : null}
      <DataGrid
        aria-label={m.app_title_home()}
        storageKey="home"
        columns={columns}
        card={card}
        rows={list.rows}
        total={list.total}
        getRowKey={rowKey}
        loading={list.loading && !list.loaded}
        sort={sort}
        onSortChange={setSort}
        page={page.page}
        pageSize={page.size}
        onPageChange={changePage}
        onRefresh={reload}
        notice={staleNotice}
        selection={selection}
        stickyFirstColumn
        emptyText={
          list.failed
            ? m.worker_failed()
            : list.loaded
              ? arriving
                ? m.home_empty_syncing()
                : m.home_empty()
              : undefined
        }
        totalLabel={arriving ? m.home_total_so_far({ total: formatNumber(list.total) }) : undefined}
        toolbar={toolbar}
      />
      {dialog === 'status' && (
        <Suspense fallback={null}>
          <EditStatusDialog count={selection.size} onClose={() => setDialog(null)} onConfirm={editStatus} />
        </Suspense>
      )}
      {dialog === 'similar' && (
        <Suspense fallback={null}>
          <SimilarDialog
            country={filters.country}
            seedIds={[...selection.keys].map((k) => refOfKey(k).id)}
            filter={creatorFilter}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog === 'best' && (
        <Suspense fallback={null}>
          <BestSellersDialog
            country={filters.country}
            filter={creatorFilter}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog === 'plan' && (
        <Suspense fallback={null}>
          <AddToPlanDialog
            country={filters.country}
            creatorIds={[...selection.keys].map((k) => refOfKey(k).id)}
            onClose={() => setDialog(null)}
            onDone={() => {
              selection.clear();
              setDialog(null);
            }}
          />
        </Suspense>
      )}
      {dialog === 'tags' && (
        <Suspense fallback={null}>
          <TagDialog count={selection.size} tags={tags} onClose={() => setDialog(null)} onApply={applyTags} />
        </Suspense>
      )}
    </div>
  );
}
