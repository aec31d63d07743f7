/**
 * "Import orders" on /plans (issue 23): a Seller Center order download (affiliate orders or all
 * orders, CSV or XLSX, US or UK) is read in the import worker with no mapping, described (layout,
 * lines, what will not count and why), then sent in parts with progress. The answer says what was
 * new, what was updated and which handles are not among the workspace's creators; the sales reach
 * the plans through sync. A part that fails stops the run and says how to finish: importing the file
 * again never counts a line twice.
 */
import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';
import { FileTrigger, ProgressBar } from 'react-aria-components';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import { shortList } from '../../../contract/limits.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CountrySelect, countryName } from '../../ui/CountrySelect.tsx';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { syncNow } from '../../workers/sync-client.ts';
import { IMPORT_FILE_TYPES, startImportWorker, type ImportWorker } from '../import/import-client.ts';
import { readErrorText } from '../import/import-text.ts';
import type { OrdersLoaded } from '../import/orders-session.ts';
import { postOrders } from './orders-api.ts';
import './plans.css';

interface Done {
  added: number;
  updated: number;
  unmatched: string[];
}

export function OrdersDialog({ country: initial, onClose }: { country: Country; onClose: () => void }) {
  const worker = useRef<ImportWorker | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [country, setCountry] = useState<Country>(initial);
  const [file, setFile] = useState<OrdersLoaded | null>(null);
  const [reading, setReading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ part: number; parts: number } | null>(null);
  const [done, setDone] = useState<Done | null>(null);

  useEffect(() => {
    worker.current = startImportWorker();
    return () => {
      abort.current?.abort();
      worker.current?.end();
      worker.current = null;
    };
  }, []);

  async function pick(list: FileList | null) {
    const f = list?.[0];
    const w = worker.current;
    if (!f || !w) return;
    setError(null);
    setDone(null);
    setReading(0);
    try {
      const loaded = await w.api.loadOrders(
        f,
        Comlink.proxy((fraction: number) => setReading(fraction)),
      );
      if (!loaded) setError(m.orders_not_orders());
      setFile(loaded);
    } catch (e) {
      setError(readErrorText(e));
    } finally {
      setReading(null);
    }
  }

  async function run() {
    const w = worker.current;
    if (!w || !file) return;
    const ctrl = new AbortController();
    abort.current = ctrl;
    const total: Done = { added: 0, updated: 0, unmatched: [] };
    for (let part = 0; part < file.parts; part++) {
      setProgress({ part: part + 1, parts: file.parts });
      try {
        const lines = await w.api.ordersPart(part);
        const r = await postOrders(country, file.layout, lines, ctrl.signal);
        total.added += r.added;
        total.updated += r.updated;
        total.unmatched = [...new Set([...total.unmatched, ...r.unmatched])];
      } catch {
        // The client has shown the server's reason; say how far it got and how to finish.
        setProgress(null);
        setError(m.orders_stopped({ part: part + 1, parts: file.parts }));
        return;
      }
    }
    setProgress(null);
    setDone(total);
    void syncNow();
  }

  const running = progress !== null;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.orders_title()}
      size="md"
      footer={
        done ? (
          <Button variant="primary" onPress={onClose}>
            {m.common_ok()}
          </Button>
        ) : (
          <DialogFooter
            onCancel={onClose}
            isDisabled={!file || running || file.lines === 0}
            confirmLabel={m.orders_start({ lines: formatNumber(file?.lines ?? 0) })}
            onConfirm={run}
          />
        )
      }
    >
      <div className="plans-orders">
        <p className="plans-muted">{m.orders_hint()}</p>
        <CountrySelect
          label={m.orders_country()}
          value={country}
          onChange={setCountry}
          isDisabled={running}
        />
        <FileTrigger acceptedFileTypes={IMPORT_FILE_TYPES} onSelect={(l) => void pick(l)}>
          <Button variant={file ? 'default' : 'primary'} isDisabled={running || reading !== null}>
            {m.orders_choose()}
          </Button>
        </FileTrigger>
        {reading !== null && (
          <ProgressBar
            aria-label={m.orders_choose()}
            value={Math.round(reading * 100)}
            className="plans-orders__bar"
          />
        )}
        {error && <InlineAlert>{error}</InlineAlert>}
        {file && (
          <div data-testid="orders-summary" className="plans-orders__summary">
            <p>
              {m.orders_summary({
                layout:
                  file.layout === 'affiliate' ? m.orders_layout_affiliate() : m.orders_layout_all_orders(),
                lines: formatNumber(file.lines),
                voided: formatNumber(file.voided),
              })}
            </p>
            {file.badCount > 0 && (
              <p>{m.orders_bad({ count: formatNumber(file.badCount), rows: file.bad.join(', ') })}</p>
            )}
            {file.noCreator && <p>{m.orders_no_creator()}</p>}
            {file.currencies.some((c) => c !== COUNTRY_CURRENCY[country]) && (
              <InlineAlert>
                {m.orders_currency_mismatch({
                  currency: file.currencies.join(', '),
                  country: countryName(country),
                  expected: COUNTRY_CURRENCY[country],
                })}
              </InlineAlert>
            )}
            <p className="plans-muted">{m.orders_counts()}</p>
          </div>
        )}
        {progress && (
          <div role="status">
            <p>{m.orders_progress({ part: progress.part, parts: progress.parts })}</p>
            <ProgressBar
              aria-label={m.orders_progress({ part: progress.part, parts: progress.parts })}
              value={Math.round(((progress.part - 1) / progress.parts) * 100)}
              className="plans-orders__bar"
            />
          </div>
        )}
        {done && (
          <div role="status" data-testid="orders-done">
            <p>{m.orders_done({ added: formatNumber(done.added), updated: formatNumber(done.updated) })}</p>
            {done.unmatched.length > 0 && (
              <p>{m.orders_unmatched({ country: countryName(country), names: shortList(done.unmatched) })}</p>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}
