/**
 * "Import ad spend" on a plan (docs/decisions/plans.md, "Ad spend from a file"): a Spark Ads or Shop
 * Ads download, or any CSV / XLSX, read in the import worker; its columns are guessed from the
 * headers and each can be read as another field (video, day, spend, currency, campaign). Check asks
 * the server what the file would add and change, and lists every row it refuses with the reason;
 * Import then sends the same parts. The plan's net profit and cost lines read again only after the
 * server accepted them. A repeated file adds nothing (the server keeps one line per video and day).
 */
import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import type { DateOrder } from '../../../contract/date-order.ts';
import type { AdSpendImportResult } from '../../../contract/schemas/ad-spend.ts';
import { formatGmv, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { Select } from '../../ui/Select.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { ColumnMappingTable } from '../import/ColumnMappingTable.tsx';
import { DateOrderSelect } from '../import/DateOrderSelect.tsx';
import { AD_FIELDS, AD_REQUIRED, type AdField } from '../import/ad-spend-rules.ts';
import type { AdSpendLoaded } from '../import/ad-spend-session.ts';
import { IMPORT_FILE_TYPES, startImportWorker, type ImportWorker } from '../import/import-client.ts';
import { headerLabels } from '../import/import-rules.ts';
import { readErrorText } from '../import/import-text.ts';
import { addResults, NO_RESULT, postAdSpend, type AdChannel } from './ad-spend-api.ts';
import { AdSpendRefusals } from './AdSpendRefusals.tsx';
import { moneyChanged } from './money-api.ts';
import './orders.css';

const fieldLabel = (f: AdField): string =>
  ({
    video: m.money_ads_field_video(),
    date: m.money_ads_field_date(),
    amount: m.money_ads_field_amount(),
    currency: m.money_ads_field_currency(),
    campaign: m.money_ads_field_campaign(),
  })[f];

type Outcome = { dryRun: boolean; result: AdSpendImportResult };

export function AdSpendDialog({ planId, onClose }: { planId: number; onClose: () => void }) {
  const worker = useRef<ImportWorker | null>(null);
  const [file, setFile] = useState<(AdSpendLoaded & { name: string }) | null>(null);
  const [mapping, setMapping] = useState<(AdField | null)[]>([]);
  const [channel, setChannel] = useState<AdChannel>('spark');
  const [dateOrder, setDateOrder] = useState<DateOrder>('ymd');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<(Outcome & { key: string }) | null>(null);
  const key = JSON.stringify([mapping, channel, dateOrder]);

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
      const loaded = await worker.current.api.loadAdSpend(
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

  const missing = AD_REQUIRED.filter((f) => !mapping.includes(f));
  async function run(dryRun: boolean) {
    if (!file || !worker.current || missing.length) return;
    setBusy(true);
    setError('');
    let total = NO_RESULT;
    try {
      for (let i = 0; i < file.parts; i++) {
        const rows = await worker.current.api.adSpendPart(mapping, i);
        total = addResults(total, await postAdSpend(planId, channel, rows, dryRun, dateOrder));
      }
    } catch (e) {
      setError(m.money_ads_failed({ reason: e instanceof Error ? e.message : String(e) }));
      // Parts sent before the failure were kept by the server: read the plan again.
      if (!dryRun) moneyChanged(planId);
      return;
    } finally {
      setBusy(false);
    }
    setOutcome({ dryRun, result: total, key });
    if (!dryRun) {
      moneyChanged(planId);
      toast.success(m.money_ads_done_toast());
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
    change: formatGmv(r.change, r.currency),
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.money_ads_title()}
      size="lg"
      footer={
        <>
          <Button onPress={onClose}>{done ? m.common_close() : m.common_cancel()}</Button>
          {file && !done && (
            <>
              <Button isDisabled={busy || missing.length > 0} onPress={() => void run(true)}>
                {m.money_ads_check()}
              </Button>
              <Button variant="primary" isDisabled={busy || !checked} onPress={() => void run(false)}>
                {m.money_ads_run()}
              </Button>
            </>
          )}
        </>
      }
    >
      <div className="plans-orders">
        <p className="plans-muted">{m.money_ads_hint()}</p>
        <FileTrigger acceptedFileTypes={IMPORT_FILE_TYPES} onSelect={(l) => void pick(l)}>
          <Button variant={file ? 'default' : 'primary'} isDisabled={busy}>
            {m.money_ads_choose()}
          </Button>
        </FileTrigger>
        {error && <InlineAlert>{error}</InlineAlert>}
        {file && (
          <>
            <p>{m.money_ads_file({ name: file.name, count: formatNumber(file.total) })}</p>
            <Select<AdChannel>
              label={m.money_cost_channel()}
              items={[
                { id: 'spark', label: m.money_cost_channel_spark() },
                { id: 'shop_ads', label: m.money_cost_channel_shop_ads() },
              ]}
              value={channel}
              onChange={setChannel}
              isDisabled={busy || !!done}
            />
            <DateOrderSelect value={dateOrder} onChange={setDateOrder} isDisabled={busy || !!done} />
            <ColumnMappingTable
              title={m.money_ads_mapping()}
              labels={labels}
              fields={AD_FIELDS}
              fieldLabel={fieldLabel}
              mapping={mapping}
              onChange={setMapping}
              sample={file.preview[0]}
              isDisabled={busy || !!done}
            />
            {missing.length > 0 && (
              <InlineAlert>{m.money_ads_need({ fields: missing.map(fieldLabel).join(', ') })}</InlineAlert>
            )}
            {!outcome && missing.length === 0 && <p className="plans-muted">{m.money_ads_check_first()}</p>}
          </>
        )}
        {busy && file && (
          <p className="plans-muted" role="status">
            {m.money_ads_working()}
          </p>
        )}
        {outcome && counts && (
          <div role="status" data-testid={outcome.dryRun ? 'ads-check' : 'ads-done'}>
            <p>{outcome.dryRun ? m.money_ads_check_result(counts) : m.money_ads_done(counts)}</p>
            {outcome.dryRun && !checked && <p className="plans-muted">{m.money_ads_check_first()}</p>}
          </div>
        )}
        {outcome && outcome.result.refused.length > 0 && <AdSpendRefusals refused={outcome.result.refused} />}
      </div>
    </Dialog>
  );
}
