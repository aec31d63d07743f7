/**
 * The creator's picture in the page header, fetched through our server
 * (GET /creator/avatar, kept a week by the browser and the server) and shown once it arrived;
 * the creator's initial until then, offline, for a creator not yet saved, or when there is none.
 */
import { useEffect, useState } from 'react';
import { API } from '../../../contract/routes.ts';
import type { CreatorRow } from '../../../contract/sync.ts';
import { requestImage } from '../../api/client.ts';

const initialOf = (c: CreatorRow): string =>
  ((c.daren_name || c.nick_name || c.unique_id).trim()[0] ?? '?').toUpperCase();

function usePicture(id: number, address: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!address || id <= 0) return;
    const ctrl = new AbortController();
    let made: string | null = null;
    void requestImage(API.avatar, { id }, ctrl.signal).then((blob) => {
      if (!blob || ctrl.signal.aborted) return;
      made = URL.createObjectURL(blob);
      setSrc(made);
    });
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
      setSrc(null);
    };
  }, [id, address]);
  return src;
}

export function CreatorAvatar({ creator }: { creator: CreatorRow }) {
  const address = String((creator as Record<string, unknown>).head_img ?? '');
  const src = usePicture(creator.id, address);
  return (
    <div className="workbench-avatar" aria-hidden="true">
      {src ? <img src={src} alt="" width={56} height={56} /> : initialOf(creator)}
    </div>
  );
}
