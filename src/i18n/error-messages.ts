/**
 * Client-side error texts, by kind. The server localises its own `msg`; these
 * are the texts the client makes up when there is no usable answer.
 */
import { m } from '../paraglide/messages.js';
import './locale.ts';

export type ClientErrorKind =
  | 'network' // fetch rejected: 'system interface request failed'
  | 'timeout' // our AbortController fired: 'system interface request timed out'
  | 'http_status' // non-2xx transport status: mentions its last three characters
  | 'setup' // the request could not even be built: 'network request timed out'
  | 'login_expired'
  | 'upload_format'
  | 'upload_size'
  | 'upload_failed';

/** The spec keeps only the last three characters of the status text ("HTTP 502" → "502"). */
export const statusTail = (status: number | string): string => String(status).slice(-3);

export function clientErrorMessage(kind: ClientErrorKind, status?: number | string): string {
  switch (kind) {
    case 'network':
      return m.error_request_failed();
    case 'timeout':
      return m.error_request_timeout();
    case 'http_status':
      return m.error_http_status({ status: statusTail(status ?? '') });
    case 'setup':
      return m.error_network_timeout();
    case 'login_expired':
      return m.error_login_expired();
    case 'upload_format':
      return m.error_upload_format();
    case 'upload_size':
      return m.error_upload_size();
    case 'upload_failed':
      return m.error_upload_failed();
  }
}
