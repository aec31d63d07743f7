/**
 * The error vocabulary of every layer: services and repositories throw AppError, and the one error
 * handler (server/app.ts) turns it into the envelope. `msgKey` names a message of the registry
 * (domain/messages.ts); `params` fill its placeholders. Nothing here knows of HTTP but the status
 * a refusal is answered with.
 */
import type { Code } from '../../contract/codes.ts';

export class AppError extends Error {
  constructor(
    public readonly code: Code,
    public readonly msgKey: string,
    public readonly params: Record<string, string | number> = {},
    /** The HTTP status: 200 for application outcomes, as the spec's envelope has it; 429 for the sign-in and sign-up limits. */
    public readonly httpStatus = 200,
  ) {
    super(`${code} ${msgKey}`);
  }
}

export const invalid = (field: string, msgKey = 'invalid_param'): AppError =>
  new AppError(40001, msgKey, { field });
export const notFound = (what = 'record'): AppError => new AppError(40004, 'not_found', { what });
export const forbidden = (msgKey = 'forbidden'): AppError => new AppError(40003, msgKey);
export const conflict = (msgKey = 'conflict'): AppError => new AppError(40009, msgKey);
