import { m } from '../paraglide/messages.js';

/** The product mark and name, shared by the header, the landing page and the auth card. */
export function Brand({ light = false }: { light?: boolean }) {
  return (
    <span className={light ? 'app-brand is-light' : 'app-brand'}>
      <img src="/favicon.svg" alt="" width="28" height="28" />
      <span className="app-brand-name">{m.app_brand()}</span>
    </span>
  );
}
