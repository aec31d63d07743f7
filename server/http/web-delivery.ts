/**
 * How the server delivers everything that is not an API answer: the built PWA, stored files, the
 * answers for unknown paths, and compression.
 *
 * - Static text files are sent as the build wrote them next to the original (`.br`, `.gz`,
 *   scripts/vite-precompress.ts), chosen by Accept-Encoding, with `Vary: accept-encoding`.
 *   Other answers (the API's JSON) are compressed per request above COMPRESS_MIN_BYTES.
 * - Cache policy: the build's hashed files never change under their name (a year, immutable);
 *   index.html, the service worker and the manifests are revalidated on every load (no-cache), so
 *   a deploy reaches users on their next visit; other public files (icons, flags) keep a day.
 *   Uploads are stored by content hash, so they are immutable too. Immutable files go without
 *   validators (ETag, Last-Modified): nothing revalidates them, and a cold /home loads ~60 of them.
 * - Unknown paths: /api and /files answer the JSON 404; a path that names a file (`/x.js`,
 *   `/assets/old-chunk.js`) or a folder of the build (`/assets/`, `/icons`) answers 404 instead of
 *   the app shell, so a stale chunk or a typo fails plainly rather than as HTML parsed as script;
 *   any other GET (`/` included) is an app route and gets the shell, whose router shows its own
 *   404 page for routes it does not know.
 * - The shell (index.html) answers every navigation, so it is kept in memory with its compressed
 *   forms and an ETag, and read again when the build replaces it: a disk read, a path check and
 *   a stream per navigation cost 5-130 ms on a busy machine, all of it before the first paint.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.ts';
import { bootShells, shellAnswer, type ShellAnswer } from './boot-shell.ts';
import { fail } from './envelope.ts';

/** Smaller answers fit in a packet or two; compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const ONE_DAY = 'public, max-age=86400';

/** Cache-Control for a file of the built PWA, by its path in the build (`/assets/x.js`). */
export function webCachePolicy(file: string): string {
  // Vite names everything under /assets/ by content hash; workbox's runtime carries one too.
  if (file.startsWith('/assets/') || /^\/workbox-[0-9a-f]{8}\.js$/.test(file)) return IMMUTABLE;
  // The worker's imported script and the frame it paints change with a build under the same name.
  if (
    /^\/(index\.html|sw\.js|registerSW\.js|boot-shell-sw\.js|boot-shell\.json|[\w.-]*\.webmanifest)$/.test(
      file,
    )
  ) {
    return REVALIDATE;
  }
  return ONE_DAY;
}

/** API answers (and anything else not sent precompressed) are compressed when worth it. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    // Request bodies stay plain: a compressed body would slip past the body size limit.
    globalDecompression: false,
  });
}

const pathOf = (req: FastifyRequest) => req.url.split('?')[0] ?? '';

export async function registerWebDelivery(app: FastifyInstance, config: Config): Promise<void> {
  fs.mkdirSync(config.filesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.filesDir,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    setHeaders: (reply: FastifyReply) => {
      if (pathOf(reply.request).startsWith('/files/uploads/')) reply.header('cache-control', IMMUTABLE);
    },
  });

  const distDir = config.webDir;
  const hasDist = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // Files are looked up on disk per request, not listed once at start, so a release switched
      // under running processes (deploy/upgrade.sh flips the WEB_DIR symlink) is served whole by
      // every process at once; a missing file still reaches the not-found handler below.
      wildcard: true,
      // "/" is an app route like the others: the shell comes from memory (below).
      index: false,
      // A path ending in "/" names a folder, never a file: it goes to the not-found handler, which
      // answers "/" with the shell and a build folder with 404 (without this, @fastify/send's 403
      // for a folder became a JSON "invalid parameter" when no Accept-Encoding was sent).
      allowedPath: (pathName: string) => !pathName.endsWith('/'),
      preCompressed: true,
      // By the file sent (the shell answers many paths), without the encoding's extension.
      setHeaders: (reply: FastifyReply, file: string) => {
        const rel = path.relative(distDir, file).split(path.sep).join('/');
        reply.header('cache-control', webCachePolicy(`/${rel.replace(/\.(br|gz)$/, '')}`));
      },
    });
  }

  // A hashed file is never revalidated (immutable, a new name per content): its validators are ~80
  // bytes of every such answer for nothing.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.getHeader('cache-control') === IMMUTABLE) {
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
    }
    return payload;
  });

  const shell = hasDist ? shellReader(path.join(distDir, 'index.html')) : null;
  const signedInShell = bootShells(path.join(distDir, 'boot-shell.json'));
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const url = pathOf(req);
    const namesFile = /\.[A-Za-z0-9]+$/.test(url.slice(url.lastIndexOf('/') + 1));
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (url.startsWith('/files/')) return reply.status(404).send(fail(req, 40004, 'file_not_found'));
    if (url.startsWith('/api/') || !shell || !read) {
      return reply.status(404).send(fail(req, 40004, 'api_not_found'));
    }
    if (namesFile || namesBuildFolder(url, shell().folders)) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send('Not found');
    }
    // The PWA's routes (/, /home, /invite/3 …) all answer with the app shell; a signed-in page's
    // with its header and frame drawn in (server/http/boot-shell.ts).
    const plain = shell();
    const s = signedInShell(plain.raw, url, req.headers) ?? plain;
    reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('etag', s.etag);
    reply.header('vary', 'accept-encoding, cookie, accept-language');
    if (req.headers['if-none-match'] === s.etag) return reply.status(304).send();
    const encoding = negotiate(String(req.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? s.br : encoding === 'gzip' ? s.gzip : s.raw);
  });
}

/**
 * True when the path is a folder of the build or lies under one (`/assets/`, `/icons`, `/assets/x`):
 * no app route lives there, and a file that is missing there is a stale or mistyped link.
 */
function namesBuildFolder(url: string, folders: ReadonlySet<string>): boolean {
  const first = url.split('/')[1] ?? '';
  let name: string;
  try {
    name = decodeURIComponent(first);
  } catch {
    return false;
  }
  return folders.has(name);
}

interface Shell extends ShellAnswer {
  mtimeMs: number;
  /** The build's top-level folders (assets, icons …), read with the shell: a new build rewrites both. */
  folders: ReadonlySet<string>;
}

/** index.html and its compressed forms, read again when the file changes (a new build). */
function shellReader(file: string): () => Shell {
  let cached: Shell | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch (err) {
      if (cached) return cached; // a build is replacing the folder right now
      throw err;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const raw = fs.readFileSync(file);
      const folders = new Set(
        fs
          .readdirSync(path.dirname(file), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name),
      );
      cached = { mtimeMs, folders, ...shellAnswer(raw) };
    }
    return cached;
  };
}
