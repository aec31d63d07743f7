/**
 * The import dialog's "content" kind (docs/decisions/exports-and-intake.md, "Content from a file"): a
 * creator-content download or any CSV / XLSX with one video a row, read in the import worker; its
 * columns are guessed from the headers (English and Chinese) and each can be read as another field.
 * Check asks the server what the file would add and lists every cell it refuses, by row and column,
 * with the reason; Import then sends the same parts. Moves to "content posted" reach this device
 * through sync, asked for once the server accepted them. A repeated file adds nothing.
 */
import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import type { Country } from '../../../contract/constants.ts';
import type { DateOrder } from '../../../contract/date-order.ts';
import type { ContentImportResult } from '../../../contract/schemas/content-import.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { ColumnMappingTable } from './ColumnMappingTable.tsx';
import { syncNow } from '../../workers/sync-client.ts';
import { RefusedCellsTable } from '../plans/RefusedCellsTable.tsx';
import { CONTENT_FIELDS, CONTENT_REQUIRED, type ContentField } from './content-file-rules.ts';
import { addContentResults, NO_CONTENT_RESULT, postContentPart } from './content-import-api.ts';
import type { ContentLoaded } from './content-session.ts';
import { IMPORT_FILE_TYPES, startImportWorker, type ImportWorker } from './import-client.ts';
import { headerLabels } from './import-rules.ts';
import { readErrorText } from './import-text.ts';
import { DateOrderSelect } from './DateOrderSelect.tsx';
import { ImportKindSelect, type ImportKind } from './ImportKindSelect.tsx';
import '../plans/orders.css';
import './import.css';

/** Refused cells listed at most (the count of the rest follows). */
const SHOWN = 100;

const fieldLabel = (f: string): string =>
  ({
    creator: m.content_file_field_creator(),
    video: m.content_file_field_video(),
    post_time: m.content_file_field_post_time(),
    products: m.content_file_field_products(),
    views: m.content_file_field_views(),
    likes: m.content_file_field_likes(),
    comments: m.content_file_field_comments(),
    orders: m.content_file_field_orders(),
    gmv: m.content_file_field_gmv(),
  })[f] ?? f;

type Outcome = { dryRun: boolean; result: ContentImportResult; key: string };

export function ContentImportDialog({
  country: initialCountry,
  onKind,
  onClose,
}: {
  country: Country;
  onKind: (kind: ImportKind) => void;
  onClose: () => void;
}) {
  const worker = useRef<ImportWorker | null>(null);
  const [file, setFile] = useState<(ContentLoaded & { name: string }) | null>(null);
  const [mapping, setMapping] = useState<(ContentField | null)[]>([]);
  const [country, setCountry] = useState<Country>(initialCountry);
  const [dateOrder, setDateOrder] = useState<DateOrder>('ymd');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const key = JSON.stringify([mapping, country, dateOrder]);

  useEffect(() => {
    worker.current = startImportWorker();
    return () => {
      worker.current?.end();
      worker.current = null;
    };
  }, []);

  async function pick(list: FileList | null) {
    const f = list?.[0];
    if (!f || !worker.current) return;
    setError('');
    setOutcome(null);
    setBusy(true);
    try {
      const loaded = await worker.current.api.loadContent(
        f,
        Comlink.proxy(() => undefined),
      );
      setFile({ ...loaded, name: f.name });
      setMapping(loaded.mapping);
    } catch (e) {
      setError(readErrorText(e));
    } finally {
      setBusy(false);
    }
  }

  const missing = CONTENT_REQUIRED.filter((f) => !mapping.includes(f));
  async function run(dryRun: boolean) {
    if (!file || !worker.current || missing.length) return;
    setBusy(true);
    setError('');
    let total = NO_CONTENT_RESULT;
    try {
      for (let i = 0; i < file.parts; i++) {
        const rows = await worker.current.api.contentPart(mapping, i);
        total = addContentResults(total, await postContentPart(country, rows, dryRun, dateOrder));
      }
    } catch (e) {
      setError(m.content_file_failed({ reason: e instanceof Error ? e.message : String(e) }));
      // Parts sent before the failure were kept by the server: bring their moves here.
      if (!dryRun) void syncNow().catch(() => undefined);
      return;
    } finally {
      setBusy(false);
    }
    setOutcome({ dryRun, result: total, key });
    if (!dryRun) {
      void syncNow().catch(() => undefined);
      toast.success(m.content_file_done_toast());
    }
  }

  const checked = outcome?.dryRun && outcome.key === key;
  const done = outcome && !outcome.dryRun;
  const labels = file ? headerLabels(file.headers, (n) => m.import_column_n({ n })) : [];
  const r = outcome?.result;
  const counts = r && {
    added: formatNumber(r.added),
    updated: formatNumber(r.updated),
    unchanged: formatNumber(r.unchanged),
    moved: formatNumber(r.moved),
  };
  const refusedRows = r ? new Set(r.refused.map((x) => x.row)).size : 0;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.content_file_title()}
      size="xl"
      className="cd-import"
      footer={
        <>
          <Button onPress={onClose}>{done ? m.common_close() : m.common_cancel()}</Button>
          {file && !done && (
            <>
              <Button isDisabled={busy || missing.length > 0} onPress={() => void run(true)}>
                {m.content_file_check()}
              </Button>
              <Button variant="primary" isDisabled={busy || !checked} onPress={() => void run(false)}>
                {m.content_file_run()}
              </Button>
            </>
          )}
        </>
      }
    >
      <div className="cd-import__body">
        <section className="cd-import__file">
          <ImportKindSelect value="content" onChange={onKind} isDisabled={busy} />
          <p className="cd-import__hint">{m.content_file_hint()}</p>
          <FileTrigger acceptedFileTypes={IMPORT_FILE_TYPES} onSelect={(l) => void pick(l)}>
            <Button variant={file ? 'default' : 'primary'} isDisabled={busy}>
              {file ? m.import_choose_other() : m.import_choose_file()}
            </Button>
          </FileTrigger>
          {error && <InlineAlert>{error}</InlineAlert>}
          {file && (
            <p className="cd-import__status">
              {m.content_file_file({ name: file.name, count: formatNumber(file.total) })}
            </p>
          )}
        </section>
        {file && (
          <>
            <section className="cd-import__settings">
              <CountrySelect value={country} onChange={setCountry} isDisabled={busy || !!done} />
              <p className="cd-import__hint">{m.content_file_country_hint()}</p>
              <DateOrderSelect value={dateOrder} onChange={setDateOrder} isDisabled={busy || !!done} />
            </section>
            <ColumnMappingTable
              title={m.content_file_mapping()}
              labels={labels}
              fields={CONTENT_FIELDS}
              fieldLabel={fieldLabel}
              mapping={mapping}
              onChange={setMapping}
              sample={file.preview[0]}
              isDisabled={busy || !!done}
            />
            {missing.length > 0 && (
              <InlineAlert>{m.content_file_need({ fields: missing.map(fieldLabel).join(', ') })}</InlineAlert>
            )}
            {!outcome && missing.length === 0 && (
              <p className="cd-import__hint">{m.content_file_check_first()}</p>
            )}
          </>
        )}
        {busy && file && (
          <p className="cd-import__hint" role="status">
            {m.content_file_working()}
          </p>
        )}
        {outcome && counts && (
          <div role="status" data-testid={outcome.dryRun ? 'content-check' : 'content-done'}>
            <p>{outcome.dryRun ? m.content_file_check_result(counts) : m.content_file_done(counts)}</p>
            {outcome.dryRun && !checked && <p className="cd-import__hint">{m.content_file_check_first()}</p>}
          </div>
        )}
        {r && r.refused.length > 0 && (
          <section
            className="orders-refused"
            aria-labelledby="content-refused-title"
            data-testid="content-refused"
          >
            <h3 id="content-refused-title" className="orders-refused__title">
              {m.content_file_refused_title({ count: formatNumber(refusedRows) })}
            </h3>
            <p>{m.content_file_refused_hint()}</p>
            <RefusedCellsTable
              caption={m.content_file_refused_caption()}
              lastColumn={m.content_file_col_reason()}
              cells={r.refused
                .slice(0, SHOWN)
                .map((x) => ({ row: x.row, column: fieldLabel(x.field), value: x.value, why: x.reason }))}
            />
            {r.refused.length > SHOWN && (
              <p className="cd-import__hint">
                {m.content_file_refused_more({ count: formatNumber(r.refused.length - SHOWN) })}
              </p>
            )}
          </section>
        )}
      </div>
    </Dialog>
  );
}
