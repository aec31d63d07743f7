/** Starts a /blogger/download job of one type, then the kit's DownloadManager polls for the file. */
import { useState } from 'react';
import type { Country } from '../../../contract/constants.ts';
import { downloadEndpoints as DL } from '../../../contract/schemas/download.ts';
import { request } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { DownloadManager } from '../../ui/DownloadManager.tsx';
import type { DownloadCheck } from '../../ui/download-rules.ts';
import { Icon } from '../../ui/Icon.tsx';
import { checkDownload } from '../topic-tracking/topic-tracking-api.ts';

export function ExportButton({
  type,
  country,
  label,
}: {
  type: 'black' | 'invitation';
  country: Country;
  label: string;
}) {
  const [check, setCheck] = useState<DownloadCheck | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      const { id } = await request(DL.bloggerDownload, { type, country }, { long: true });
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
        {label}
      </Button>
      {check && <DownloadManager check={check} isOpen onClose={() => setCheck(null)} title={label} />}
    </>
  );
}
