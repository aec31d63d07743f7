/**
 * A screen whose code could not be downloaded when the user opened it: offline before the service
 * worker keeps a copy (a first visit), or a connection that dropped on the way. Instead of the crash
 * screen, which took the header, the sync status and the notices with it, the screen's place says
 * what happened, and the screen opens by itself once the browser is back online (or on Try again).
 * A browser that remembers a failed download for the page's lifetime answers a retry with the same
 * failure; Try again then reloads the page, which loses nothing: the outbox and the mirror are on
 * the device (docs/decisions/pwa.md, "A screen opened offline").
 */
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { m } from '../paraglide/messages.js';
import { Button } from '../ui/Button.tsx';
import { Result } from '../ui/Result.tsx';

type PageModule = { default: ComponentType };

/** The same check sync-client.ts makes: an online event the page never got (it happens). */
const ONLINE_CHECK_MS = 5000;

export function screenLoadedLater(load: () => Promise<PageModule>): ComponentType {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  return function ScreenLoadedLater() {
    const [Screen, setScreen] = useState<ComponentType | null>(() => loaded);
    const [online, setOnline] = useState(() => navigator.onLine);
    /** Loads the screen again; `byHand` (Try again): a second failure reloads the page. */
    const attempt = useCallback((byHand: boolean) => {
      loading ??= load().then(
        (mod) => {
          loaded = mod.default;
        },
        () => {
          loading = null;
          // The browser may keep a failed download for the page's lifetime; a reload fetches it anew.
          // Never by itself: on a connection that is not really back, a reload would leave the app.
          if (byHand) location.reload();
        },
      );
      void loading.then(() => loaded && setScreen(() => loaded));
    }, []);
    useEffect(() => {
      if (loaded) return;
      const up = () => {
        setOnline(true);
        attempt(false);
      };
      const down = () => setOnline(false);
      window.addEventListener('online', up);
      window.addEventListener('offline', down);
      // Only a return to the network retries by itself: failing while online, the screen waits for
      // Try again instead of reloading the page over and over while a server is down.
      let wasOnline = navigator.onLine;
      const look = setInterval(() => {
        const now = navigator.onLine;
        if (now && !wasOnline) up();
        else if (!now) down();
        wasOnline = now;
      }, ONLINE_CHECK_MS);
      return () => {
        window.removeEventListener('online', up);
        window.removeEventListener('offline', down);
        clearInterval(look);
      };
    }, [attempt]);
    if (Screen) return <Screen />;
    return (
      <Result
        status="info"
        title={online ? m.app_screen_failed_title() : m.app_screen_offline_title()}
        description={online ? m.app_screen_failed_body() : m.app_screen_offline_body()}
        extra={
          online ? (
            <Button variant="primary" onPress={() => attempt(true)}>
              {m.app_retry()}
            </Button>
          ) : undefined
        }
        showBack={false}
      />
    );
  };
}
