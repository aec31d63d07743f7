/**
 * The seller's consent page: `{consent host}/open/authorize?service_id=…&state=…`, on the US host for
 * US shops. No redirect_uri and no scope: the redirect URL is the one saved on the app in Partner
 * Center, the scopes are the app's enabled packages.
 */
import { encodeQuery } from './client.ts';
import { baseOf, type TtsHosts } from './runtime.ts';

export function consentUrl(hosts: TtsHosts, o: { serviceId: string; state: string; us: boolean }): string {
  const base = baseOf(o.us ? hosts.consentBaseUs : hosts.consentBase);
  return `${base}/open/authorize?${encodeQuery({ service_id: o.serviceId, state: o.state })}`;
}
