/**
 * "Export this view" (Home toolbar): a menu of formats; the query worker writes the current
 * filter's rows in the current sort order (view-export.ts) and hands back the file, which is saved
 * through an object URL. Nothing goes to the server, so it works offline. Views larger than
 * PROGRESS_FROM rows show a progress dialog while the worker writes. The tier's row cap applies
 * as it does on the server (free: the first 500 rows), and the menu says so before the user
 * picks a format; the tier is the one this device last saw (vip/tier.ts).
 */
import * as Comlink from 'comlink';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Label, Menu, MenuItem, MenuTrigger, Popover, ProgressBar } from 'react-aria-components';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { useLiveValue, type LiveValue } from '../../ui/live-value.ts';
import { toast } from '../../ui/toast-queue.ts';
import { exportCap, useTier } from '../vip/tier.ts';
import { countStatement } from './export-rules.ts';
import { PROGRESS_FROM } from './progress.ts';
import type { CreatorFilter, CreatorQuery, ExportFormat } from '../../workers/query-types.ts';
import { queryWorker } from '../../workers/query-client.ts';
import { WorkerStartError } from '../../workers/start-worker.ts';
import { saveFile } from './save-file.ts';
import './export.css';

export type ViewQuery = CreatorFilter & Pick<CreatorQuery, 'field' | 'sort'>;

export interface ExportViewButtonProps {
  country: string;
  /**
   * The view's filter and sort, read when an export starts: a getter, so typing in a filter does
   * not re-render this button and the grid's toolbar on every keystroke.
   */
  getQuery: () => ViewQuery;
  /**
   * The view's row count as the grid shows it (decides whether progress is shown). Live, not a
   * prop: it moves with every keystroke, and only the open menu's statement shows it.
   */
  total: LiveValue<number>;
}

interface Progress {
  done: number;
  total: number;
}

export function ExportViewButton({ country, getQuery, total: liveTotal }: ExportViewButtonProps) {
  const locale = useLocale();
  const cap = exportCap(useTier());
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [showProgress, setShowProgress] = useState(false);
  /** Progress calls travel on their own port and may land after the file: only the running export's count. */
  const running = useRef(0);

  async function run(format: ExportFormat) {
    const total = liveTotal.get();
    if (!total) {
      toast.warning(m.export_view_empty());
      return;
    }
    const mine = ++running.current;
    const rows = cap === null ? total : Math.min(total, cap);
    setBusy(true);
    setProgress({ done: 0, total: rows });
    setShowProgress(rows >= PROGRESS_FROM);
    try {
      const file = await queryWorker().exportView(
        country,
        getQuery(),
        format,
        locale,
        Comlink.proxy((done: number, all: number) => {
          if (mine === running.current) setProgress({ done, total: all });
        }),
        cap,
      );
      saveFile(file.bytes, file.fileName, file.mimeType);
      toast.success(m.export_view_done({ count: file.rows, file: file.fileName }));
    } catch (e) {
      toast.error(
        e instanceof WorkerStartError
          ? m.worker_failed()
          : m.export_view_failed({ reason: e instanceof Error ? e.message : String(e) }),
      );
    } finally {
      running.current++;
      setBusy(false);
      setShowProgress(false);
      setProgress(null);
    }
  }

  return (
    <>
      <MenuTrigger>
        <Button size="sm" icon={<Icon name="download" />} isLoading={busy} data-testid="export-view">
          {m.export_view()}
        </Button>
        <Popover placement="bottom start" className="cd-export-popover">
          <p className="cd-export-hint">{m.export_view_hint()}</p>
          <ExportStatement total={liveTotal} cap={cap} />
          <Menu
            className="cd-export-menu"
            aria-label={m.export_view()}
            onAction={(key) => void run(key === 'csv' ? 'csv' : 'xlsx')}
          >
            <MenuItem id="xlsx" className="cd-export-item">
              {m.export_view_xlsx()}
            </MenuItem>
            <MenuItem id="csv" className="cd-export-item">
              {m.export_view_csv()}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {showProgress && progress && (
        <Dialog isOpen size="sm" title={m.export_view()} onClose={() => setShowProgress(false)}>
          <ProgressBar
            className="cd-export-progress"
            value={progress.done}
            maxValue={Math.max(progress.total, 1)}
            valueLabel={m.export_view_progress({
              done: formatNumber(progress.done),
              count: progress.total,
            })}
          >
            {({ percentage, valueText }) => (
              <>
                <Label>{m.export_view_working({ count: progress.total })}</Label>
                <div className="cd-export-progress__track">
                  <div className="cd-export-progress__fill" style={{ width: `${percentage ?? 0}%` }} />
                </div>
                <span className="cd-export-progress__text">{valueText}</span>
              </>
            )}
          </ProgressBar>
        </Dialog>
      )}
    </>
  );
}

/** What the export will hold (all rows, or the tier's first rows and how to get more): rendered only while the menu is open. */
function ExportStatement({ total, cap }: { total: LiveValue<number>; cap: number | null }) {
  const statement = countStatement(useLiveValue(total), cap, true);
  return (
    <>
      <p className="cd-export-hint" data-testid="export-view-statement">
        {statement.count} {statement.cap}
      </p>
      {statement.cut && (
        <p className="cd-export-hint">
          <Link to="/vip">{m.vip_upgrade_link()}</Link>
        </p>
      )}
    </>
  );
}
