/**
 * The download shell: given an async check that answers the file URL
 * once the export job is done, poll every 2 s, then open the file in a new window. Modal mode
 * gives up after 100 tries with a message; inline mode polls until the component unmounts.
 * The feature supplies `check` (e.g. download.info → file_path) and creates the job itself.
 */
import { useEffect, useState } from 'react';
import { DOWNLOAD_POLL_MAX } from '../../contract/constants.ts';
import { apiOrigin } from '../api/base-url.ts';
import { m } from '../paraglide/messages.js';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { pollForUrl, type DownloadCheck } from './download-rules.ts';
import { Icon } from './Icon.tsx';

export type DownloadStatus = 'idle' | 'polling' | 'ready' | 'gave_up';

export interface DownloadPollState {
  status: DownloadStatus;
  url: string | null;
  tries: number;
  /** False when the browser blocked the new window; show the link instead. */
  opened: boolean;
}

/** Relative file paths ('/files/…') belong to the API origin, which may differ from the app's. */
export const absoluteFileUrl = (url: string): string => new URL(url, `${apiOrigin()}/`).href;

/**
 * Polls `check` while it is non-null (pass null to stay idle). Changing `check` restarts;
 * unmounting stops. Opens the file once, in a new window.
 */
export function useDownloadPoll(
  check: DownloadCheck | null,
  opts: { maxTries?: number; autoOpen?: boolean } = {},
): DownloadPollState {
  const { maxTries = DOWNLOAD_POLL_MAX, autoOpen = true } = opts;
  const [state, setState] = useState<DownloadPollState>({
    status: 'idle',
    url: null,
    tries: 0,
    opened: false,
  });
  useEffect(() => {
    if (!check) {
      setState({ status: 'idle', url: null, tries: 0, opened: false });
      return;
    }
    const ctrl = new AbortController();
    setState({ status: 'polling', url: null, tries: 0, opened: false });
    void pollForUrl(check, {
      maxTries,
      signal: ctrl.signal,
      onTry: (n) => setState((s) => ({ ...s, tries: n })),
    }).then((out) => {
      if (out.status === 'aborted') return;
      if (out.status === 'gave_up') {
        setState((s) => ({ ...s, status: 'gave_up' }));
        return;
      }
      const url = absoluteFileUrl(out.url);
      let opened = false;
      if (autoOpen) {
        const w = window.open(url, '_blank');
        if (w) {
          w.opener = null;
          opened = true;
        }
      }
      setState((s) => ({ ...s, status: 'ready', url, opened }));
    });
    return () => ctrl.abort();
  }, [check, maxTries, autoOpen]);

  return state;
}

export interface DownloadManagerProps {
  check: DownloadCheck | null;
  /** 'modal' (default): a dialog, at most 100 tries. 'inline': a small status, no limit. */
  mode?: 'modal' | 'inline';
  /** Modal mode: whether the dialog is shown; closing it stops polling. */
  isOpen?: boolean;
  onClose?: () => void;
  title?: string;
}

export function DownloadManager({
  check,
  mode = 'modal',
  isOpen = true,
  onClose,
  title,
}: DownloadManagerProps) {
  const inline = mode === 'inline';
  const active = inline || isOpen ? check : null;
  const state = useDownloadPoll(active, { maxTries: inline ? Infinity : DOWNLOAD_POLL_MAX });
  const body = <DownloadStatusView state={state} inline={inline} />;
  if (inline) return <span className="cd-download cd-download--inline">{body}</span>;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => onClose?.()}
      title={title ?? m.download_title()}
      size="sm"
      footer={<Button onPress={() => onClose?.()}>{m.common_close()}</Button>}
    >
      <div className="cd-download">{body}</div>
    </Dialog>
  );
}

export function DownloadStatusView({ state, inline }: { state: DownloadPollState; inline: boolean }) {
  if (state.status === 'polling' || state.status === 'idle') {
    return (
      <span className="cd-download__line" role="status">
        <span className="cd-spinner" aria-hidden="true" />
        {inline ? m.download_preparing_short() : m.download_preparing()}
      </span>
    );
  }
  if (state.status === 'gave_up') {
    return (
      <span className="cd-download__line cd-download__line--error" role="alert">
        <Icon name="warning" />
        {m.download_gave_up()}
      </span>
    );
  }
  return (
    <span className="cd-download__line cd-download__line--ready" role="status">
      <Icon name="check-circle" />
      {!inline && (state.opened ? m.download_ready() : m.download_popup_blocked())}
      {/* Export links are signed for 15 minutes (server/services/export-link.ts): say so up front. */}
      {!inline && <span className="cd-download__ttl">{m.download_link_ttl()}</span>}
      <a href={state.url ?? '#'} target="_blank" rel="noopener noreferrer" className="cd-download__link">
        <Icon name="download" />
        {m.download_open()}
      </a>
    </span>
  );
}
