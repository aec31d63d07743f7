/**
 * A ranked list's failure (SimilarList, FitDialog): its words, and a retry once the browser is back
 * online. A query worker that could not start asks for a reload; otherwise the ranking code has not
 * reached this device yet.
 */
import { useCallback, useState } from 'react';
import { m } from '../../paraglide/messages.js';
import { useRetryOnline } from '../../ui/useRetryOnline.ts';
import { WorkerStartError } from '../../workers/start-worker.ts';

export function useRankingFailure(retry: () => void) {
  const [failed, setFailed] = useState<false | 'worker' | 'code'>(false);
  useRetryOnline(failed !== false, retry);
  const fail = useCallback((e: unknown) => setFailed(e instanceof WorkerStartError ? 'worker' : 'code'), []);
  const clear = useCallback(() => setFailed(false), []);
  /** What the list says instead of its status, or null while nothing failed. */
  const failedText = failed === false ? null : failed === 'worker' ? m.worker_failed() : m.similar_failed();
  return { failedText, fail, clear };
}
