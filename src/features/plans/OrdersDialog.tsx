/**
 * "Import orders" on /plans: a Seller Center order download (affiliate orders or all orders, CSV or
 * XLSX, US or UK) is read in the import worker with no mapping, and described: its layout, lines,
 * what will not count, and every refused row with its reason (the good rows are still imported).
 * The country starts from the file's currency (else the plans' country); a dry run then says what
 * the import would add and replace, and an import that would take lines from another country's
 * creators, or is in another currency, waits for an explicit confirmation that says so. Parts are
 * sent with progress as one import (undoable from /plans). A part that fails stops the run and says
 * how to finish: importing the file again never counts a line twice.
 */
import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';
import { FileTrigger, ProgressBar } from 'react-aria-components';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import { shortList } from '../../../contract/limits.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CheckBox } from '../../ui/CheckBox.tsx';
import { CountrySelect, countryName } from '../../ui/CountrySelect.tsx';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { syncNow } from '../../workers/sync-client.ts';
import { IMPORT_FILE_TYPES, startImportWorker, type ImportWorker } from '../import/import-client.ts';
import { readErrorText } from '../import/import-text.ts';
import type { OrdersLoaded } from '../import/orders-session.ts';
import { checkOrders, postOrders, type OrdersPart } from './orders-api.ts';
import { addCheck, countryOfCurrency, toConfirm, type OrdersCheck } from './orders-dialog-rules.ts';
import { OrdersRefusals } from './OrdersRefusals.tsx';
import './plans.css';

interface Done {
  added: number;
  updated: number;
  unmatched: string[];
  creators: number;
}
type Check = { state: 'checking' } | { state: 'failed' } | { state: 'done'; result: OrdersCheck };
const NO_CHECK: OrdersCheck = { added: 0, updated: 0, moved: [] };
const newRef = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`.replace('.', '');

export function OrdersDialog({ country: initial, onClose }: { country: Country; onClose: () => void }) {
  const worker = useRef<ImportWorker | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [country, setCountry] = useState<Country>(initial);
  const [fromFile, setFromFile] = useState<string | null>(null);
  const [file, setFile] = useState<(OrdersLoaded & { name: string; ref: string }) | null>(null);
  const [reading, setReading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [checkRun, setCheckRun] = useState(0);
  const [confirmed, setConfirmed] = useState(false);
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

  const part = async (i: number): Promise<OrdersPart> => ({
    country,
    layout: file!.layout,
    lines: await worker.current!.api.ordersPart(i),
    importRef: file!.ref,
    fileName: file!.name,
    refused: file!.refusedRows,
  });

  // What the file would add, replace and move under the chosen country (again when it changes).
  useEffect(() => {
    if (!file || file.lines === 0 || file.missing.length || done) return;
    const ctrl = new AbortController();
    setCheck({ state: 'checking' });
    setConfirmed(false);
    void (async () => {
      let result = NO_CHECK;
      try {
        for (let i = 0; i < file.parts; i++)
          result = addCheck(result, await checkOrders(await part(i), ctrl.signal));
        if (!ctrl.signal.aborted) setCheck({ state: 'done', result });
      } catch {
        if (!ctrl.signal.aborted) setCheck({ state: 'failed' });
      }
    })();
    return () => ctrl.abort();
    // `part` reads the same file and country.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, country, checkRun]);

  async function pick(list: FileList | null) {
    const f = list?.[0];
    const w = worker.current;
    if (!f || !w) return;
    setError(null);
    setDone(null);
    setCheck(null);
    setReading(0);
    try {
      const loaded = await w.api.loadOrders(
        f,
        Comlink.proxy((fraction: number) => setReading(fraction)),
      );
      if (!loaded) setError(m.orders_not_orders());
      const chosen = loaded && countryOfCurrency(loaded.currencies);
      if (chosen) setCountry(chosen);
      setFromFile(chosen ? loaded.currencies[0]! : null);
      setFile(loaded && { ...loaded, name: f.name, ref: newRef() });
    } catch (e) {
      setError(readErrorText(e));
    } finally {
      setReading(null);
    }
  }

  async function run() {
    if (!worker.current || !file) return;
    const ctrl = new AbortController();
    abort.current = ctrl;
    const total: Done = { added: 0, updated: 0, unmatched: [], creators: 0 };
    for (let i = 0; i < file.parts; i++) {
      setProgress({ part: i + 1, parts: file.parts });
      try {
        const r = await postOrders(await part(i), ctrl.signal);
        total.added += r.added;
        total.updated += r.updated;
        total.creators += r.creators;
        total.unmatched = [...new Set([...total.unmatched, ...r.unmatched])];
      } catch {
        // The client has shown the server's reason; say how far it got and how to finish.
        setProgress(null);
        setError(m.orders_stopped({ part: i + 1, parts: file.parts }));
        return;
      }
    }
    setProgress(null);
    setDone(total);
    void syncNow();
  }

  const running = progress !== null;
  const confirm = file && check?.state === 'done' ? toConfirm(country, file.currencies, check.result) : null;
  const ready =
    !!file && file.lines > 0 && !file.missing.length && check?.state === 'done' && (!confirm || confirmed);
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
            isDisabled={!ready || running}
            confirmLabel={m.orders_start({ lines: formatNumber(file?.lines ?? 0) })}
            onConfirm={run}
          />
        )
      }
    >
      <div className="plans-orders">
        <p className="plans-muted">{m.orders_hint()}</p>
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
            {file.missing.length > 0 && (
              <InlineAlert>{m.orders_missing({ columns: file.missing.join(', ') })}</InlineAlert>
            )}
            {file.noCreator && <p>{m.orders_no_creator()}</p>}
            <p className="plans-muted">{m.orders_counts()}</p>
          </div>
        )}
        {file && file.refusedRows > 0 && (
          <OrdersRefusals refusals={file.refusals} refusedRows={file.refusedRows} lines={file.lines} />
        )}
        <CountrySelect
          label={m.orders_country()}
          value={country}
          onChange={(c) => {
            setCountry(c);
            setFromFile(null);
          }}
          isDisabled={running || !!done}
        />
        {fromFile && (
          <p className="plans-muted">
            {m.orders_country_from_file({ country: countryName(country), currency: fromFile })}
          </p>
        )}
        {file && !done && <CheckView check={check} onAgain={() => setCheckRun((n) => n + 1)} />}
        {confirm && !done && (
          <div className="orders-confirm" data-testid="orders-confirm">
            {confirm.currency && (
              <InlineAlert>
                {m.orders_currency_mismatch({
                  currency: confirm.currency,
                  country: countryName(country),
                  expected: COUNTRY_CURRENCY[country],
                })}
              </InlineAlert>
            )}
            {confirm.moved.map((mv) => (
              <InlineAlert key={mv.country}>
                {m.orders_moved({
                  count: mv.lines,
                  from: countryName(mv.country as Country),
                  country: countryName(country),
                })}
              </InlineAlert>
            ))}
            <CheckBox isSelected={confirmed} onChange={setConfirmed} isDisabled={running}>
              {confirm.moved.length
                ? m.orders_confirm_move({
                    count: confirm.moved.reduce((a, mv) => a + mv.lines, 0),
                    from: confirm.moved.map((mv) => countryName(mv.country as Country)).join(', '),
                    country: countryName(country),
                  })
                : m.orders_confirm_currency({
                    currency: confirm.currency ?? '',
                    country: countryName(country),
                  })}
            </CheckBox>
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
            {done.creators > 0 && <p>{m.orders_done_counted()}</p>}
            {done.unmatched.length > 0 && (
              <p>
                {m.orders_unmatched({
                  count: done.unmatched.length,
                  country: countryName(country),
                  names: shortList(done.unmatched),
                })}
              </p>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}

/** The dry run's answer: what the file adds and replaces, or that it could not be checked. */
function CheckView({ check, onAgain }: { check: Check | null; onAgain: () => void }) {
  if (!check) return null;
  if (check.state === 'checking')
    return (
      <p className="plans-muted" role="status">
        {m.orders_checking()}
      </p>
    );
  if (check.state === 'failed')
    return (
      <InlineAlert>
        {m.orders_check_failed()}{' '}
        <Button size="sm" onPress={onAgain}>
          {m.orders_check_again()}
        </Button>
      </InlineAlert>
    );
  return (
    <p data-testid="orders-check">
      {m.orders_check({
        added: formatNumber(check.result.added),
        updated: formatNumber(check.result.updated),
      })}
    </p>
  );
}
