/**
 * Runs in the page's own JavaScript world at document_start (manifest: world MAIN). It wraps fetch
 * and XMLHttpRequest to see the answers the page itself receives from Affiliate Center's creator
 * endpoints, and posts a copy to the content script on CHANNEL. It changes nothing, sends nothing
 * anywhere and replays nothing; a failure here must never break the page, so everything is guarded.
 */
import { CAPTURE_URL_HINT } from '../affiliate/adapter.ts';
import { CHANNEL, type CaptureMessage } from '../shared/messages.ts';

/** Larger answers are not creator lists. */
const MAX_BODY = 5_000_000;

function post(url: string, request: unknown, body: string): void {
  if (body.length > MAX_BODY) return;
  const msg: CaptureMessage = {
    channel: CHANNEL,
    kind: 'capture',
    url,
    request: typeof request === 'string' ? request : null,
    body,
  };
  window.postMessage(msg, window.location.origin);
}

const wanted = (url: string) => CAPTURE_URL_HINT.test(url);

const originalFetch = window.fetch;
window.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
  const result = originalFetch.call(this ?? window, input, init) as Promise<Response>;
  try {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (wanted(url)) {
      const body = init?.body;
      void result
        .then((res) => res.clone().text())
        .then((text) => post(url, body, text))
        .catch(() => undefined);
    }
  } catch {
    /* never break the page */
  }
  return result;
} as typeof window.fetch;

const seen = new WeakMap<XMLHttpRequest, string>();
const originalOpen = XMLHttpRequest.prototype.open;
const originalSend = XMLHttpRequest.prototype.send;
XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
  try {
    const url = String(args[1]);
    if (wanted(url)) seen.set(this, url);
  } catch {
    /* never break the page */
  }
  return (originalOpen as (...a: unknown[]) => void).apply(this, args);
} as typeof XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.send = function (
  this: XMLHttpRequest,
  body?: Document | XMLHttpRequestBodyInit | null,
) {
  const url = seen.get(this);
  if (url !== undefined) {
    this.addEventListener('load', () => {
      try {
        const text =
          this.responseType === '' || this.responseType === 'text'
            ? this.responseText
            : this.responseType === 'json'
              ? JSON.stringify(this.response)
              : null;
        if (text !== null) post(this.responseURL || url, body, text);
      } catch {
        /* never break the page */
      }
    });
  }
  return originalSend.call(this, body);
};
