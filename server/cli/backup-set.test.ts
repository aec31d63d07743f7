import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneBackups } from './backup.ts';
import { readManifest, writeManifest, type Manifest } from './backup-set.ts';

const manifest: Manifest = {
  format: 1,
  app: 'creatordesk',
  engine: 'postgres',
  created_at: '2026-11-24T00:00:00.000Z',
  migrations: ['0001_core'],
  files: { count: 0, bytes: 0 },
};

function folder(parent: string, name: string, complete = true): string {
  const dir = path.join(parent, name);
  fs.mkdirSync(dir, { recursive: true });
  if (complete) {
    fs.writeFileSync(path.join(dir, 'database.pgdump'), 'PGDMP');
    writeManifest(dir, manifest);
  }
  return dir;
}

describe('backup folders', () => {
  it('--keep N removes the oldest complete backups and leaves anything else alone', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-prune-'));
    const names = ['2026-11-20T03-00-00-000Z', '2026-11-21T03-00-00-000Z', '2026-11-22T03-00-00-000Z'];
    for (const n of names) folder(parent, n);
    folder(parent, '2026-11-19T03-00-00-000Z', false); // interrupted: no manifest, not a backup
    fs.writeFileSync(path.join(parent, 'notes.txt'), 'keep me');
    expect(pruneBackups(parent, 2)).toEqual([path.join(parent, names[0]!)]);
    expect(fs.readdirSync(parent).sort()).toEqual([
      '2026-11-19T03-00-00-000Z',
      names[1],
      names[2],
      'notes.txt',
    ]);
  });

  it('restore reads only a complete backup: manifest present, valid, database file there', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-manifest-'));
    expect(() => readManifest(folder(parent, 'empty', false))).toThrow(/manifest.json is missing/);
    const bad = folder(parent, 'bad');
    fs.writeFileSync(path.join(bad, 'manifest.json'), JSON.stringify({ ...manifest, engine: 'mysql' }));
    expect(() => readManifest(bad)).toThrow(/does not read/);
    const noDb = folder(parent, 'nodb');
    fs.rmSync(path.join(noDb, 'database.pgdump'));
    expect(() => readManifest(noDb)).toThrow(/database.pgdump is missing/);
    expect(readManifest(folder(parent, 'good'))).toEqual(manifest);
  });
});
