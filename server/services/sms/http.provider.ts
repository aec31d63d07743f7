/**
 * A real gateway behind configuration: POSTs JSON `{phone, code}` to SMS_HTTP_URL with
 * `Authorization: Bearer SMS_HTTP_KEY`. Any non-2xx answer, network fault or timeout is a failed
 * delivery. The code never appears in the log here.
 */
import type { SmsProvider } from './provider.ts';

export const SMS_HTTP_TIMEOUT_MS = 10_000;

export function httpSmsProvider(url: string, key: string | undefined): SmsProvider {
  return {
    name: 'http',
    async send({ phone, code }, log) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (key) headers.authorization = `Bearer ${key}`;
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ phone, code }),
        signal: AbortSignal.timeout(SMS_HTTP_TIMEOUT_MS),
      });
      // Drain the body so the connection can be reused.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
      log.info({ sms: { phone, provider: 'http' } }, 'SMS code sent');
    },
  };
}
