/**
 * The caller's export jobs (POST /blogger/download.lists): type, rows, state, when, and the file
 * again while its link is valid (24 h). The server keeps them, so the list survives a reload and
 * shows jobs started on another device. It reads again when `version` changes (a job started or
 * finished here) and every few seconds while a job is still running.
 */
import { useEffect, useState } from 'react';
import type { DownloadJob } from '../../../contract/schemas/download.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { absoluteFileUrl } from '../../ui/DownloadManager.tsx';
import { listExports } from './export-api.ts';
import { typeLabel } from './export-rules.ts';

const REFRESH_MS = 3000;

function stateText(job: DownloadJob): string {
  if (job.status === 'done') return job.file_path ? m.export_job_done() : m.export_job_expired();
  if (job.status === 'failed') return m.export_job_failed();
  return job.status === 'running' ? m.export_job_running() : m.export_job_queued();
}

export function ExportJobs({ version }: { version: number }) {
  const [jobs, setJobs] = useState<DownloadJob[] | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    listExports()
      .then((r) => live && setJobs(r.list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [version, tick]);

  const busy = jobs?.some((j) => j.status === 'queued' || j.status === 'running') ?? false;
  useEffect(() => {
    if (!busy) return;
    const t = setTimeout(() => setTick((x) => x + 1), REFRESH_MS);
    return () => clearTimeout(t);
  }, [busy, jobs]);

  return (
    <section className="cd-export-jobs" aria-labelledby="cd-export-jobs-title">
      <h3 id="cd-export-jobs-title" className="cd-export-jobs__title">
        {m.export_jobs_title()}
      </h3>
      {jobs && jobs.length === 0 && <p className="cd-export-jobs__empty">{m.export_jobs_empty()}</p>}
      {jobs && jobs.length > 0 && (
        <table className="cd-export-jobs__table">
          <thead>
            <tr>
              <th scope="col">{m.export_jobs_col_type()}</th>
              <th scope="col">{m.export_jobs_col_rows()}</th>
              <th scope="col">{m.export_jobs_col_state()}</th>
              <th scope="col">{m.export_jobs_col_when()}</th>
              <th scope="col">{m.export_jobs_col_file()}</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((j) => (
              <tr key={j.id} data-testid="export-job">
                <td>{`${typeLabel(j.type)} · ${j.country}`}</td>
                <td>
                  {j.capped
                    ? m.export_job_capped({ rows: formatNumber(j.progress) })
                    : formatNumber(j.progress)}
                </td>
                <td>{stateText(j)}</td>
                <td>{formatDateTime(j.add_time)}</td>
                <td>
                  {j.file_path && (
                    <a href={absoluteFileUrl(j.file_path)} target="_blank" rel="noopener noreferrer">
                      {m.export_job_again()}
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
