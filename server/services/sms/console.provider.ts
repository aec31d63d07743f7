/**
 * The default provider: writes the code to the server log. The code is also in sms_codes (the
 * service stores every code), which the test hook reads. For development and the demo only.
 */
import type { SmsProvider } from './provider.ts';

export const consoleSmsProvider: SmsProvider = {
  name: 'console',
  async send({ phone, code }, log) {
    log.info({ sms: { phone, code } }, `SMS code for ${phone}: ${code}`);
  },
};
