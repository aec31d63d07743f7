/**
 * registerType 'prompt': a new service worker waits until the user agrees, so a deploy never
 * swaps code under an open form. This registers the worker and offers the reload.
 *
 * Registration waits for the page's load event: the worker's install downloads the whole app
 * shell (about 1.7 MB), which on a phone's first visit must not compete with the page itself,
 * and setting it up took ~40 ms of the first render's main-thread time.
 */
import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { m } from '../paraglide/messages.js';
import { Button } from './Button.tsx';
import { toast } from './toast-queue.ts';

export function PwaUpdatePrompt() {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    // The load event may have fired between the first render and this effect (a fast load): a
    // listener added now would never hear it, and the worker would never register.
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded ? <Registration /> : null;
}

function Registration() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
  } = useRegisterSW();

  useEffect(() => {
    if (!offlineReady) return;
    toast.info(m.pwa_offline_ready());
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady]);

  if (!needRefresh) return null;
  return (
    <div className="cd-update-bar" role="status">
      <span>{m.pwa_update_available()}</span>
      <Button size="sm" variant="text" onPress={() => setNeedRefresh(false)}>
        {m.pwa_later()}
      </Button>
      <Button size="sm" variant="primary" onPress={() => void takeNewVersion()}>
        {m.pwa_reload()}
      </Button>
    </div>
  );
}

/**
 * Activates the waiting worker and reloads once it is in charge. The plugin's own reload listens
 * only for the page's controllerchange, which never comes to a page the old worker did not control
 * (a navigation the browser sent past a slow-starting worker), and its skip-waiting message goes
 * nowhere when the waiting worker has meanwhile been replaced: the button then did nothing. Here
 * the waiting worker's own activation reloads too; the message is sent again every 2 s while the
 * worker still waits (a worker being started or stopped can miss it), and after 10 s the page
 * reloads anyway. With no worker waiting the page reloads at once (it then loads whatever version
 * is current and offers the next one again if needed).
 */
async function takeNewVersion(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const waiting = registration?.waiting;
  const reload = () => window.location.reload();
  if (!waiting) {
    reload();
    return;
  }
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated' || waiting.state === 'redundant') reload();
  });
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  const ask = () => waiting.postMessage({ type: 'SKIP_WAITING' });
  ask();
  const started = Date.now();
  const again = setInterval(() => {
    if (waiting.state !== 'installed') return clearInterval(again);
    if (Date.now() - started >= 10_000) {
      clearInterval(again);
      reload();
    } else ask();
  }, 2000);
}
