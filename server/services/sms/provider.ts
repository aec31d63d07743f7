/**
 * How an SMS code leaves the server. The service stores and rate-limits codes;
 * a provider only delivers one. Providers throw when delivery failed.
 */
export interface SmsMessage {
  phone: string;
  code: string;
}

/** The part of the app logger (pino) a provider may use. */
export interface SmsLogger {
  info(obj: object, msg: string): void;
}

export interface SmsProvider {
  readonly name: 'console' | 'http';
  send(message: SmsMessage, log: SmsLogger): Promise<void>;
}
