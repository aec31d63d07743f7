/**
 * This install's callback address (what the admin saves as the app's redirect URL in Partner
 * Center, with a copy button) and "Authorize": the server answers TikTok's consent page for this
 * session, and the browser goes there. Members see the address, not the button.
 */
import { useEffect, useState } from 'react';
import type { ShopStatus } from '../../../contract/schemas/shop.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CheckBox } from '../../ui/CheckBox.tsx';
import { useInFlight } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { Refusal, type Refused } from './Refusal.tsx';
import { authorize } from './shop-api.ts';

export function ConnectPanel({ status }: { status: ShopStatus }) {
  const [us, setUs] = useState(false);
  const [refused, setRefused] = useState<Refused | null>(null);
  const [leaving, setLeaving] = useState(false);
  const hasApp = status.credentials.source !== 'none';
  // Back from TikTok's page with the browser's Back button (a page restored from the back/forward
  // cache): Authorize works again.
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => e.persisted && setLeaving(false);
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const copy = useInFlight(async () => {
    try {
      await navigator.clipboard.writeText(status.callback_url);
      toast.success(m.shop_copied());
    } catch {
      // Clipboard access needs a secure context and permission; the address stays selectable.
      toast.error(m.shop_copy_failed());
    }
  });
  const start = useInFlight(async () => {
    const env = await authorize(us).catch(() => null);
    if (!env) return;
    if (env.code !== 200) {
      setRefused({ code: env.code, msg: env.msg });
      return;
    }
    setRefused(null);
    setLeaving(true);
    window.location.assign(env.data.url);
  });

  return (
    <section className="screen-panel shop-panel" aria-labelledby="shop-connect-title">
      <h2 id="shop-connect-title" className="shop-heading">
        {m.shop_callback_heading()}
      </h2>
      <p className="shop-muted" id="shop-callback-hint">
        {m.shop_callback_hint()}
      </p>
      <div className="shop-copy-row">
        <input
          className="cd-input shop-copy-row__value"
          readOnly
          value={status.callback_url}
          aria-label={m.shop_callback_heading()}
          aria-describedby="shop-callback-hint"
          data-testid="shop-callback-url"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button isLoading={copy.busy} onPress={() => copy.run()}>
          {m.shop_copy()}
        </Button>
      </div>
      {status.can_manage === 1 && (
        <>
          <h3 className="shop-subheading">{m.shop_authorize_heading()}</h3>
          <p className="shop-muted">{hasApp ? m.shop_authorize_hint() : m.shop_authorize_needs_app()}</p>
          <CheckBox isSelected={us} onChange={setUs} isDisabled={!hasApp}>
            {m.shop_authorize_us()}
          </CheckBox>
          <Refusal refused={refused} />
          <div className="shop-actions">
            <Button
              variant="primary"
              isDisabled={!hasApp || leaving}
              isLoading={start.busy}
              onPress={() => start.run()}
            >
              {m.shop_authorize()}
            </Button>
            <span role="status" className="shop-muted">
              {leaving ? m.shop_authorize_leaving() : ''}
            </span>
          </div>
        </>
      )}
    </section>
  );
}
