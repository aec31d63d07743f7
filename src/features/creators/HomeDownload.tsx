/** The creator export of the chosen country (type blogger), polled by the kit's DownloadManager. */
import { useState } from 'react';
import type { Country } from '../../../contract/constants.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { DownloadManager } from '../../ui/DownloadManager.tsx';
import type { DownloadCheck } from '../../ui/download-rules.ts';
import { Icon } from '../../ui/Icon.tsx';
import { checkExport, startCreatorExport } from './home-api.ts';

export function HomeDownload({ country }: { country: Country }) {
  const [check, setCheck] = useState<DownloadCheck | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      const { id } = await startCreatorExport(country);
      setCheck(() => checkExport(id));
    } catch {
      /* the client has shown the error */
    } finally {
      setStarting(false);
    }
  }

  return (
    <>
      <Button size="sm" icon={<Icon name="download" />} isLoading={starting} onPress={() => void start()}>
        {m.home_download()}
      </Button>
      {check && (
        <DownloadManager check={check} isOpen onClose={() => setCheck(null)} title={m.home_download()} />
      )}
    </>
  );
}
