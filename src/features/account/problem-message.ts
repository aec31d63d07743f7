import { m } from '../../paraglide/messages.js';
import type { Problem } from './account-rules.ts';

/** A form problem as the toast text; the required-field texts are the fields' placeholders. */
export function problemMessage(p: Problem): string {
  switch (p) {
    case 'phone_required':
      return m.account_phone_placeholder();
    case 'phone_invalid':
      return m.account_phone_invalid();
    case 'account_required':
      return m.account_account_placeholder();
    case 'account_invalid':
      return m.account_account_invalid();
    case 'email_required':
      return m.account_email_placeholder();
    case 'password_required':
      return m.account_password_placeholder();
    case 'old_password_required':
      return m.account_current_password_placeholder();
    case 'repassword_required':
      return m.account_repassword_placeholder();
    case 'code_required':
      return m.account_code_placeholder();
    case 'redeem_required':
      return m.account_vip_code_error();
  }
}
