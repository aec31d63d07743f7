/**
 * Export download links. The file opens in a new window, which cannot send the token
 * header, so `download.info` answers a signed link instead of the file's own secret:
 *
 *   /api/v0.1/files/export/<job id>-<user id>-<expires>-<signature>
 *
 * The signature is an HMAC-SHA256 of job, user, workspace and expiry under the job's file token
 * (random, never sent to anyone), so a link names one user and one workspace and lives at most
 * EXPORT_LINK_TTL_SECONDS. Serving it checks again that the user still works in the job's
 * workspace: a member who left or was removed cannot download with a link they kept. A request with
 * the session's `token` header needs no signature (the same workspace check applies).
 */
import crypto from 'node:crypto';
import { API_PREFIX } from '../../contract/constants.ts';
import { now } from '../db/versioning.ts';

export const EXPORT_LINK_TTL_SECONDS = 15 * 60;

export interface SignedJob {
  id: number;
  workspace_id: number;
  file_token: string;
}

const signature = (job: SignedJob, userId: number, expires: number): string =>
  crypto
    .createHmac('sha256', job.file_token)
    .update(`${job.id}.${userId}.${job.workspace_id}.${expires}`)
    .digest('base64url');

export function signedExportPath(job: SignedJob, userId: number, t = now()): string {
  const expires = t + EXPORT_LINK_TTL_SECONDS;
  return `${API_PREFIX}/files/export/${job.id}-${userId}-${expires}-${signature(job, userId, expires)}`;
}

export interface ExportLink {
  jobId: number;
  /** Absent for a bare job id (the caller must then show a session token). */
  signed?: { userId: number; expires: number; signature: string };
}

/** Reads the path segment; undefined when it is neither `<id>` nor a signed link's shape. */
export function parseExportLink(segment: string): ExportLink | undefined {
  const bare = /^(\d{1,15})$/.exec(segment);
  if (bare) return { jobId: Number(bare[1]) };
  const m = /^(\d{1,15})-(\d{1,15})-(\d{1,12})-([\w-]{43})$/.exec(segment);
  if (!m) return undefined;
  return {
    jobId: Number(m[1]),
    signed: { userId: Number(m[2]), expires: Number(m[3]), signature: m[4]! },
  };
}

/** True when the signature is the job's for this user and the link has not expired. */
export function validSignature(job: SignedJob, signed: NonNullable<ExportLink['signed']>, t = now()) {
  if (signed.expires <= t || signed.expires > t + EXPORT_LINK_TTL_SECONDS) return false;
  const want = Buffer.from(signature(job, signed.userId, signed.expires));
  const got = Buffer.from(signed.signature);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}
