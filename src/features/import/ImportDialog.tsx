/**
 * The creator import: choose a CSV or XLSX file → it is read in the import worker →
 * preview, column mapping (guessed from the headers) and country → Check (a dry run of every
 * row, chunk by chunk) → Import with progress → summary. Imported creators reach the local
 * mirror through sync; a pull is asked for at the end. A file that cannot be read leaves the
 * dialog as it was, with the reason; a failed chunk stops the run and says how far it got.
 */
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as Comlink from 'comlink';
import {
  Cell,
  Column,
  FileTrigger,
  Label,
  ProgressBar,
  Row,
  Table,
  TableBody,
  TableHeader,
} from 'react-aria-components';
import type { Country } from '../../../contract/constants.ts';
import { isApiError } from '../../api/errors.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { Dialog, useInFlight } from '../../ui/Dialog.tsx';
import { Select, type SelectOption } from '../../ui/Select.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { syncNow } from '../../workers/sync-client.ts';
import { queryWorker } from '../../workers/query-client.ts';
import { IMPORT_FILE_TYPES, startImportWorker, postImportChunk, type ImportWorker } from './import-client.ts';
import { runImport } from './import-run.ts';
import { headerLabels, percent, PROFILE_FIELDS, type ProfileField, type Summary } from './import-rules.ts';
import type { Loaded, PrepareResult } from './import-session.ts';
import { fieldLabel, readableReason, readErrorText } from './import-text.ts';
import { ImportKindSelect, type ImportKind } from './ImportKindSelect.tsx';
import './import.css';
import { formatNumber } from '../../i18n/format.ts';

const AddToPlanDialog = lazy(() =>
  import('../plans/AddToPlanDialog.tsx').then((mod) => ({ default: mod.AddToPlanDialog })),
);

type Phase =
  | { step: 'pick' }
  | { step: 'reading'; name: string; fraction: number }
  | { step: 'ready' }
  | { step: 'running'; dryRun: boolean; summary: Summary; total: number }
  | { step: 'result'; dryRun: boolean; summary: Summary; stopped?: string };

const NOT_IMPORTED = '-';
const SHOWN_REASONS = 10;
/** Numbers in the app's locale (not the browser's), like every other screen. */
const fmt = formatNumber;

export function ImportDialog({
  country: initialCountry,
  onKind,
  onClose,
}: {
  country: Country;
  /** Switches the dialog to another kind of file (content: ContentImportDialog.tsx). */
  onKind?: (kind: ImportKind) => void;
  onClose: () => void;
}) {
  const worker = useRef<ImportWorker | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'pick' });
  const [file, setFile] = useState<{ name: string; loaded: Loaded } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<(ProfileField | null)[]>([]);
  const [country, setCountry] = useState<Country>(initialCountry);
  /** The check belongs to this mapping and country; changing either asks for a new check. */
  const [checkedFor, setCheckedFor] = useState<string | null>(null);
  const settingsKey = JSON.stringify([mapping, country]);

  useEffect(() => {
    worker.current = startImportWorker();
    return () => {
      abort.current?.abort();
      worker.current?.end();
      worker.current = null;
    };
  }, []);

  const fieldItems = useMemo<SelectOption<string>[]>(
    () => [
      { id: NOT_IMPORTED, label: m.import_not_imported() },
      ...PROFILE_FIELDS.map((f) => ({ id: f, label: fieldLabel(f) })),
    ],
    [],
  );

  async function pick(list: FileList | null) {
    const f = list?.[0];
    const w = worker.current;
    if (!f || !w) return;
    setError(null);
    setPhase({ step: 'reading', name: f.name, fraction: 0 });
    try {
      const loaded = await w.api.load(
        f,
        Comlink.proxy((fraction: number) => setPhase((p) => (p.step === 'reading' ? { ...p, fraction } : p))),
      );
      setFile({ name: f.name, loaded });
      setMapping(loaded.mapping);
      setCheckedFor(null);
      setPhase({ step: 'ready' });
    } catch (e) {
      // the worker keeps the file read before (if any), so the dialog stays as it was
      setError(readErrorText(e));
      setPhase({ step: file ? 'ready' : 'pick' });
    }
  }

  const hasId = mapping.includes('unique_id');

  const setField = useCallback((col: number, key: string) => {
    const f = key === NOT_IMPORTED ? null : (key as ProfileField);
    // a field belongs to one column: picking it here frees it elsewhere
    setMapping((prev) => prev.map((x, i) => (i === col ? f : x === f ? null : x)));
  }, []);

  async function run(dryRun: boolean) {
    const w = worker.current;
    if (!w || !file) return;
    if (!hasId) {
      toast.error(m.import_need_id());
      return;
    }
    const ctrl = new AbortController();
    abort.current = ctrl;
    let prepared: PrepareResult;
    let last: Summary | null = null;
    try {
      prepared = await w.api.prepare(mapping, country);
      const summary = await runImport(prepared, file.loaded.total, dryRun, {
        chunk: (i) => w.api.chunk(i),
        post: (rows, dry) => postImportChunk(country, rows, dry, ctrl.signal),
        duplicateReason: (row) => m.import_duplicate({ row }),
        signal: ctrl.signal,
        onProgress: (s) => {
          last = s;
          setPhase({ step: 'running', dryRun, summary: s, total: file.loaded.total });
        },
      });
      if (ctrl.signal.aborted) return;
      setPhase({ step: 'result', dryRun, summary });
      if (dryRun) setCheckedFor(settingsKey);
      else {
        setCheckedFor(null);
        toast.success(
          m.import_done_toast({
            created: fmt(summary.created),
            updated: fmt(summary.updated),
            skipped: fmt(summary.skipped.length),
          }),
        );
        void syncNow().catch(() => undefined);
      }
    } catch (e) {
      if (ctrl.signal.aborted) return;
      const reason = isApiError(e) || e instanceof Error ? e.message : String(e);
      const s: Summary = last ?? { rows: file.loaded.total, done: 0, created: 0, updated: 0, skipped: [] };
      setPhase({ step: 'result', dryRun, summary: s, stopped: reason });
      if (!dryRun && s.done > 0) void syncNow().catch(() => undefined);
    } finally {
      if (abort.current === ctrl) abort.current = null;
    }
  }

  const running = phase.step === 'running';
  const reading = phase.step === 'reading';
  const checked = checkedFor === settingsKey;
  // After a check the button counts the rows that will be written, not the file's rows: a creator
  // repeated in the file is sent once and bad rows are skipped (the count was one off per repeat).
  const toWrite =
    checked && phase.step === 'result' && phase.dryRun ? phase.summary.created + phase.summary.updated : null;
  const finished = phase.step === 'result' && !phase.dryRun && !phase.stopped;

  /**
   * "Add them to a plan": the creators the import wrote, as the mirror holds them once the
   * sync has brought them (the ones not here yet are counted, and can be added by pressing again).
   */
  const [planIds, setPlanIds] = useState<number[] | null>(null);
  const toPlan = useInFlight(async () => {
    if (phase.step !== 'result' || !worker.current) return;
    const skipped = new Set(phase.summary.skipped.map((x) => x.unique_id));
    const wanted = (await worker.current.api.handles()).filter((h) => !skipped.has(h));
    await syncNow().catch(() => undefined);
    const found = await queryWorker().query(country, { uniqueIds: wanted, offset: 0, limit: wanted.length });
    const ids = found.rows.map((r) => r.id);
    if (ids.length === 0) toast.info(m.import_plan_none());
    else if (ids.length < wanted.length)
      toast.info(m.import_plan_partial({ found: fmt(ids.length), total: fmt(wanted.length) }));
    if (ids.length) setPlanIds(ids);
  });
  const labels = useMemo(
    () => (file ? headerLabels(file.loaded.headers, (n) => m.import_column_n({ n })) : []),
    [file],
  );

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="xl"
      title={m.import_title()}
      className="cd-import"
      footer={
        <>
          <Button onPress={onClose}>{finished ? m.common_close() : m.common_cancel()}</Button>
          {finished && phase.summary.created + phase.summary.updated > 0 && (
            <Button isLoading={toPlan.busy} onPress={() => toPlan.run()}>
              {m.import_add_to_plan()}
            </Button>
          )}
          {file && !finished && (
            <>
              <Button isDisabled={running || reading} onPress={() => void run(true)}>
                {m.import_check()}
              </Button>
              <Button
                variant="primary"
                isDisabled={running || reading || !checked}
                onPress={() => void run(false)}
              >
                {m.import_run({ count: toWrite ?? file.loaded.total })}
              </Button>
            </>
          )}
        </>
      }
    >
      {planIds && (
        <Suspense fallback={null}>
          <AddToPlanDialog
            country={country}
            creatorIds={planIds}
            onClose={() => setPlanIds(null)}
            onDone={() => setPlanIds(null)}
          />
        </Suspense>
      )}
      <div className="cd-import__body">
        <section className="cd-import__file">
          {onKind && <ImportKindSelect value="creators" onChange={onKind} isDisabled={running || reading} />}
          <FileTrigger acceptedFileTypes={IMPORT_FILE_TYPES} onSelect={(l) => void pick(l)}>
            <Button variant={file ? 'default' : 'primary'} isDisabled={running || reading}>
              {file ? m.import_choose_other() : m.import_choose_file()}
            </Button>
          </FileTrigger>
          <p className="cd-import__hint">{m.import_file_hint()}</p>
          {reading && (
            <p className="cd-import__status" role="status">
              {m.import_reading({ name: phase.name, percent: Math.round(phase.fraction * 100) })}
            </p>
          )}
          {error && (
            <p className="cd-import__error" role="alert">
              {error}
            </p>
          )}
          {file && !reading && (
            <p className="cd-import__status">
              {m.import_file_info({
                name: file.name,
                count: file.loaded.total,
                columns: fmt(file.loaded.headers.length),
              })}
            </p>
          )}
        </section>

        {file && (
          <>
            <section className="cd-import__settings">
              <CountrySelect value={country} onChange={setCountry} isDisabled={running} />
              <p className="cd-import__hint">{m.import_country_hint()}</p>
            </section>

            <section aria-labelledby="cd-import-mapping">
              <h3 id="cd-import-mapping" className="cd-import__heading">
                {m.import_mapping()}
              </h3>
              <p className="cd-import__hint">{m.import_mapping_hint()}</p>
              {!hasId && (
                <p className="cd-import__error" role="alert">
                  {m.import_need_id()}
                </p>
              )}
              <MappingTable
                labels={labels}
                mapping={mapping}
                items={fieldItems}
                sample={file.loaded.preview[0]}
                isDisabled={running}
                onField={setField}
              />
            </section>

            <section aria-labelledby="cd-import-preview">
              <h3 id="cd-import-preview" className="cd-import__heading">
                {m.import_preview({
                  shown: fmt(file.loaded.preview.length),
                  count: file.loaded.total,
                })}
              </h3>
              <PreviewTable
                labels={labels}
                mapping={mapping}
                rows={file.loaded.preview}
                rowNumbers={file.loaded.previewRows}
              />
            </section>
          </>
        )}

        {(phase.step === 'running' || phase.step === 'result') && (
          <RunView phase={phase} total={file?.loaded.total ?? 0} />
        )}
        {file && phase.step === 'ready' && !checked && (
          <p className="cd-import__hint">{m.import_check_first()}</p>
        )}
      </div>
    </Dialog>
  );
}

interface MappingProps {
  labels: string[];
  mapping: (ProfileField | null)[];
  items: SelectOption<string>[];
  sample: string[] | undefined;
  isDisabled: boolean;
  onField: (col: number, key: string) => void;
}

/** File column → creator field (memoised: progress updates re-render the dialog often). */
const MappingTable = memo(function MappingTable({
  labels,
  mapping,
  items,
  sample,
  isDisabled,
  onField,
}: MappingProps) {
  return (
    <Table aria-labelledby="cd-import-mapping" className="cd-import__table cd-import__mapping">
      <TableHeader>
        <Column isRowHeader>{m.import_col_file()}</Column>
        <Column>{m.import_col_field()}</Column>
        <Column>{m.import_col_sample()}</Column>
      </TableHeader>
      <TableBody>
        {labels.map((label, col) => (
          <Row key={col} id={col}>
            <Cell>{label}</Cell>
            <Cell>
              <Select<string>
                size="sm"
                aria-label={m.import_field_of({ column: label })}
                items={items}
                value={mapping[col] ?? NOT_IMPORTED}
                onChange={(k) => onField(col, k)}
                isDisabled={isDisabled}
              />
            </Cell>
            <Cell>
              <span className="cd-import__sample">{sample?.[col] ?? ''}</span>
            </Cell>
          </Row>
        ))}
      </TableBody>
    </Table>
  );
});

interface PreviewProps {
  labels: string[];
  mapping: (ProfileField | null)[];
  rows: string[][];
  rowNumbers: number[];
}

/** The first rows as the file has them, headed by the creator field each column goes to. */
const PreviewTable = memo(function PreviewTable({ labels, mapping, rows, rowNumbers }: PreviewProps) {
  return (
    <div className="cd-import__scroll">
      <Table aria-labelledby="cd-import-preview" className="cd-import__table cd-import__preview">
        <TableHeader>
          {[m.import_row(), ...labels].map((l, i) => {
            const f = i > 0 ? mapping[i - 1] : null;
            return (
              <Column key={i} isRowHeader={i === 0}>
                {f ? fieldLabel(f) : l}
              </Column>
            );
          })}
        </TableHeader>
        <TableBody>
          {rows.map((cells, r) => (
            <Row key={r} id={r}>
              {[String(rowNumbers[r] ?? r + 2), ...labels.map((_, c) => cells[c] ?? '')].map((v, c) => (
                <Cell key={c}>{v}</Cell>
              ))}
            </Row>
          ))}
        </TableBody>
      </Table>
    </div>
  );
});

function RunView({ phase, total }: { phase: Extract<Phase, { step: 'running' | 'result' }>; total: number }) {
  const s = phase.summary;
  const pct = percent(s.done, total);
  const shown = s.skipped.slice(0, SHOWN_REASONS);
  const ref = useRef<HTMLElement>(null);
  const step = phase.step;
  // the progress and the summary sit below the tables: bring them into view when they change
  // (a block body: newer Chromium returns a promise from scrollIntoView, and an effect may
  // return only a cleanup function)
  useEffect(() => {
    void ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [step]);
  return (
    <section ref={ref} className="cd-import__run" aria-live="polite">
      {phase.step === 'running' ? (
        <ProgressBar
          className="cd-import__progress"
          value={s.done}
          maxValue={Math.max(total, 1)}
          valueLabel={m.import_progress({ done: fmt(s.done), count: total, percent: pct })}
        >
          {({ percentage, valueText }) => (
            <>
              <Label>{phase.dryRun ? m.import_checking() : m.import_importing()}</Label>
              <div className="cd-import__track">
                <div className="cd-import__fill" style={{ width: `${percentage ?? 0}%` }} />
              </div>
              <span className="cd-import__status">{valueText}</span>
            </>
          )}
        </ProgressBar>
      ) : (
        <h3 className="cd-import__heading">
          {phase.dryRun ? m.import_checked_title() : m.import_done_title()}
        </h3>
      )}
      {phase.step === 'result' && phase.stopped && (
        <p className="cd-import__error" role="alert">
          {m.import_stopped({ done: fmt(s.done), total: fmt(total), reason: phase.stopped })}
        </p>
      )}
      <dl className="cd-import__stats" data-testid="import-summary">
        <div>
          <dt>{m.import_stat_new()}</dt>
          <dd data-stat="new">{fmt(s.created)}</dd>
        </div>
        <div>
          <dt>{phase.dryRun ? m.import_stat_update() : m.import_stat_updated()}</dt>
          <dd data-stat="updated">{fmt(s.updated)}</dd>
        </div>
        <div>
          <dt>{m.import_stat_skipped()}</dt>
          <dd data-stat="skipped">{fmt(s.skipped.length)}</dd>
        </div>
      </dl>
      {shown.length > 0 && (
        <>
          <h4 className="cd-import__subheading">{m.import_reasons()}</h4>
          <ul className="cd-import__reasons">
            {shown.map((x, i) => (
              <li key={i}>
                {x.unique_id
                  ? m.import_reason_line_id({ row: x.row, id: x.unique_id, reason: readableReason(x.reason) })
                  : m.import_reason_line({ row: x.row, reason: readableReason(x.reason) })}
              </li>
            ))}
          </ul>
          {s.skipped.length > shown.length && (
            <p className="cd-import__hint">
              {m.import_more_reasons({ count: s.skipped.length - shown.length })}
            </p>
          )}
        </>
      )}
      {phase.step === 'result' && !phase.dryRun && <p className="cd-import__hint">{m.import_sync_note()}</p>}
    </section>
  );
}
