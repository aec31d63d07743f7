/** The layman (amateur) export: starts the job, then the kit's DownloadManager polls for the file. */
import { useState } from 'react';
import type { Country } from '../../../contract/constants.ts';
import type { DownloadCheck } from '../../ui/download-rules.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { DownloadManager } from '../../ui/DownloadManager.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { checkDownload, startLaymanExport } from '../topic-tracking/topic-tracking-api.ts';

export function AmateurDownload({ country }: { country: Country }) {
  const [check, setCheck] = useState<DownloadCheck | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      const { id } = await startLaymanExport(country);
      setCheck(() => checkDownload(id));
    } catch {
      /* the client has shown the error */
    } finally {
      setStarting(false);
    }
  }

  return (
    <>
      <Button size="sm" icon={<Icon name="download" />} isLoading={starting} onPress={() => void start()}>
        {m.amateur_download()}
      </Button>
      {check && (
        <DownloadManager check={check} isOpen onClose={() => setCheck(null)} title={m.amateur_download()} />
      )}
    </>
  );
}
