/**
 * A server export with its limits stated before it starts: the dialog
 * asks the server how many rows the chosen type holds and what the caller's plan allows, says so
 * ("This export has 12,345 rows. Free plan: the first 500 of 12,345 rows; VIP exports all" with
 * the VIP link), and only then offers "Start export". Once started it polls like the spec's
 * download modal (every 2 s, at most 100 times) and opens the file. Home passes all seven types and
 * shows the caller's job list under the form. The member's export limits (a few at once, a few dozen
 * an hour) are stated up front; a start the server refuses over them says so in the dialog, with
 * the job list, so the member sees which exports to wait for.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  EXPORTS_PER_HOUR,
  EXPORTS_RUNNING_MAX,
  type Country,
  type DownloadType,
} from '../../../contract/constants.ts';
import { CODES } from '../../../contract/codes.ts';
import type { DownloadPreview } from '../../../contract/schemas/download.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog, useInFlight } from '../../ui/Dialog.tsx';
import { DownloadStatusView, useDownloadPoll } from '../../ui/DownloadManager.tsx';
import type { DownloadCheck } from '../../ui/download-rules.ts';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { Select } from '../../ui/Select.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { checkExport, previewExport, startExport } from './export-api.ts';
import { countStatement, typeLabel } from './export-rules.ts';
import { ExportJobs } from './ExportJobs.tsx';
import './export.css';

export interface ExportDialogProps {
  title: string;
  country: Country;
  /** One type: no choice shown. Several (Home): the user picks one. */
  types: readonly DownloadType[];
  onClose: () => void;
  withJobs?: boolean;
}

export function ExportDialog({ title, country, types, onClose, withJobs }: ExportDialogProps) {
  const [type, setType] = useState<DownloadType | null>(types.length === 1 ? types[0]! : null);
  const [preview, setPreview] = useState<DownloadPreview | null>(null);
  const [problem, setProblem] = useState('');
  // The server's refusal of a start over the member's export limits (its msg says which).
  const [refusal, setRefusal] = useState('');
  const [check, setCheck] = useState<DownloadCheck | null>(null);
  const [jobsVersion, setJobsVersion] = useState(0);
  const poll = useDownloadPoll(check);

  useEffect(() => {
    setPreview(null);
    if (!type) return;
    const ctrl = new AbortController();
    previewExport(type, country, ctrl.signal)
      .then((p) => !ctrl.signal.aborted && setPreview(p))
      .catch(() => undefined); // the client has told the user
    return () => ctrl.abort();
  }, [type, country]);

  // A finished job shows in the list with its file.
  useEffect(() => {
    if (poll.status === 'ready' || poll.status === 'gave_up') setJobsVersion((v) => v + 1);
  }, [poll.status]);

  const start = useInFlight(async () => {
    if (!type) return setProblem(m.export_type_required());
    let answer;
    try {
      answer = await startExport(type, country);
    } catch {
      return; // the client has shown the error
    }
    if (answer.code === CODES.OK) {
      const { id } = answer.data;
      setRefusal('');
      setCheck(() => checkExport(id));
    } else if (answer.code === CODES.TOO_MANY_REQUESTS) setRefusal(answer.msg);
    else toast.error(answer.msg);
    setJobsVersion((v) => v + 1);
  });

  const current = preview && preview.type === type && preview.country === country ? preview : null;
  const statement = current ? countStatement(current.rows, current.cap) : null;
  const started = check !== null;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={title}
      size={withJobs ? 'lg' : 'md'}
      footer={
        <>
          <Button onPress={onClose}>{m.common_close()}</Button>
          {!started && (
            <Button
              variant="primary"
              onPress={() => start.run()}
              isLoading={start.busy}
              isDisabled={current?.rows === 0}
            >
              {m.export_start()}
            </Button>
          )}
        </>
      }
    >
      <div className="cd-export-form">
        {types.length > 1 && (
          <Select
            label={m.export_type_label()}
            placeholder={m.common_select_placeholder()}
            items={types.map((t) => ({ id: t, label: typeLabel(t) }))}
            value={type}
            isDisabled={started}
            onChange={(t) => {
              setType(t);
              setProblem('');
            }}
          />
        )}
        {problem && (
          <p role="alert" className="cd-export-problem">
            {problem}
          </p>
        )}
        {/* The member's export limits, stated before they apply (server: createExport). */}
        <p className="cd-export-limit" data-testid="export-limit">
          {m.export_limit_note({
            running: formatNumber(EXPORTS_RUNNING_MAX),
            hourly: formatNumber(EXPORTS_PER_HOUR),
          })}
        </p>
        {refusal && <InlineAlert hint={m.export_limit_next()}>{refusal}</InlineAlert>}
        {type && (
          <div className="cd-export-statement" role="status" data-testid="export-statement">
            {!statement ? (
              <span>{m.export_counting()}</span>
            ) : current?.rows === 0 ? (
              <span>{m.export_nothing()}</span>
            ) : (
              <>
                <span>{statement.count}</span>
                {statement.cap && <span className={statement.cut ? 'is-cut' : ''}>{statement.cap}</span>}
                {statement.cut && (
                  <Link className="cd-button cd-button--link cd-button--sm" to="/vip" onClick={onClose}>
                    {m.vip_upgrade_link()}
                  </Link>
                )}
              </>
            )}
          </div>
        )}
        {started && (
          <div className="cd-download">
            <DownloadStatusView state={poll} inline={false} />
          </div>
        )}
        {/* After a refusal every dialog lists the member's jobs: the running ones are what to wait for. */}
        {(withJobs || refusal) && <ExportJobs version={jobsVersion} />}
      </div>
    </Dialog>
  );
}
