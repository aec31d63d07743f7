/**
 * The localised labels of stored codes that answers and exports carry beside them (`status_str`,
 * `is_chat_str` …), in the request's language. Their texts are the creator messages.
 */
import type { Language } from '../../contract/constants.ts';
import { message } from './messages.ts';
import './messages/creator.messages.ts';

export const label = (key: string, lang: Language): string => message(key, lang);
export const statusStr = (status: number, lang: Language): string =>
  status >= 0 && status <= 4 ? label(`invitation_status_${status}`, lang) : String(status);
export const subStatusStr = (sub: number | null, lang: Language): string =>
  sub ? label(`invitation_sub_status_${sub}`, lang) : '';
