/**
 * The backup folder `npm run backup` writes and `npm run restore` reads:
 *
 *   <stamp>/manifest.json      what is inside (checked before anything is restored)
 *   <stamp>/database.sqlite    the embedded database (SQLite online backup), or
 *   <stamp>/database.pgdump    PostgreSQL (pg_dump custom format)
 *   <stamp>/files/             DATA_DIR/files: uploads (images) as the app stored them
 *
 * The database is copied first and the files second: uploads are written before any row points
 * at them and never changed, so every file a backed-up row names is in the copy. Exports
 * (DATA_DIR/exports) are left out: they expire within a day and can be made again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Engine } from '../db/dialect.ts';

export const MANIFEST = 'manifest.json';
export const FILES = 'files';
export const DATABASE_FILE: Record<Engine, string> = {
  sqlite: 'database.sqlite',
  postgres: 'database.pgdump',
};

export const Manifest = z.object({
  format: z.literal(1),
  app: z.literal('creatordesk'),
  engine: z.enum(['sqlite', 'postgres']),
  created_at: z.string(),
  migrations: z.array(z.string()),
  files: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
});
export type Manifest = z.infer<typeof Manifest>;

export function writeManifest(dir: string, m: Manifest): void {
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(m, null, 2)}\n`);
}

/** The manifest of a backup folder, checked; throws with what is wrong. */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`not a CreatorDesk backup: ${file} is missing`);
  const parsed = Manifest.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`not a CreatorDesk backup: ${MANIFEST} does not read (${parsed.error.message})`);
  const db = path.join(dir, DATABASE_FILE[parsed.data.engine]);
  if (!fs.existsSync(db)) throw new Error(`incomplete backup: ${db} is missing`);
  return parsed.data;
}

/** Files and bytes under `dir` (0 when it does not exist). */
export function countFiles(dir: string): { count: number; bytes: number } {
  if (!fs.existsSync(dir)) return { count: 0, bytes: 0 };
  let count = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    count++;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { count, bytes };
}

/** Copies a files folder (timestamps kept); a missing source copies nothing. */
export function copyFiles(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  fs.cpSync(from, to, { recursive: true, preserveTimestamps: true, errorOnExist: true, force: false });
}
