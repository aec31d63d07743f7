/**
 * Security headers on every answer (app shell, assets, API, files) and the endpoint browsers
 * report Content-Security-Policy violations to. The app is the one source of these headers: the
 * reverse proxy (deploy/Caddyfile) passes them through and adds none, so a header test on the app
 * and the HTTPS browser test through the proxy check the same thing.
 *
 * - No inline or eval'd script: zod's `new Function` probe is switched off in the PWA
 *   (src/zod-csp.ts) instead of allowing 'unsafe-eval'.
 * - connect-src is the app's own origin: the PWA, its workers and the service worker only call
 *   /api and /files here (avatars from TikTok's CDN are images, under img-src).
 * - Strict-Transport-Security only on HTTPS requests (directly, or X-Forwarded-Proto from a
 *   trusted proxy): over plain HTTP browsers ignore it, and a local `npm start` stays plain.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { AppMetrics } from '../ops/metrics.ts';

export const CSP_REPORT_PATH = '/csp-report';
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Directives a report may name; anything else is counted as `other` (labels stay bounded). */
const DIRECTIVES = new Set(
  'default-src script-src script-src-elem script-src-attr style-src style-src-elem style-src-attr img-src connect-src font-src object-src media-src frame-src child-src worker-src manifest-src frame-ancestors form-action base-uri'.split(
    ' ',
  ),
);
const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];
const LOG_EVERY_MS = 10_000;

interface ViolationSummary {
  directive: string;
  blocked: string;
  document: string;
}

/** Reads both report shapes: report-uri (`{"csp-report": {...}}`) and Reporting API arrays. */
export function summarizeReport(body: unknown): ViolationSummary[] {
  const items = Array.isArray(body) ? body.map((r) => (r as { body?: unknown })?.body) : [body];
  return items.flatMap((item) => {
    const r = ((item as Record<string, unknown> | undefined)?.['csp-report'] ?? item ?? {}) as Record<
      string,
      unknown
    >;
    const raw = String(r['effective-directive'] ?? r.effectiveDirective ?? r['violated-directive'] ?? '');
    const name = raw.split(' ')[0] ?? '';
    if (!name) return []; // not a violation report at all
    return [
      {
        directive: DIRECTIVES.has(name) ? name : 'other',
        blocked: String(r['blocked-uri'] ?? r.blockedURL ?? '').slice(0, 200),
        document: String(r['document-uri'] ?? r.documentURL ?? '').slice(0, 200),
      },
    ];
  });
}

export async function registerSecurityHeaders(app: FastifyInstance, metrics: AppMetrics): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        reportUri: [CSP_REPORT_PATH],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });

  // Reports arrive without credentials from any page that loaded our policy: count them, log a
  // sample (a page stuck in a loop must not flood the log), answer 204.
  let lastLog = 0;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      REPORT_TYPES,
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_r, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(null, {});
        }
      },
    );
    scope.post(CSP_REPORT_PATH, { bodyLimit: 64 * 1024 }, async (req, reply) => {
      const reports = summarizeReport(req.body);
      for (const r of reports) metrics.cspViolations.inc({ directive: r.directive });
      if (reports.length && Date.now() - lastLog > LOG_EVERY_MS) {
        lastLog = Date.now();
        req.log.warn({ csp: reports[0] }, 'Content-Security-Policy violation reported by a browser');
      }
      return reply.status(204).send();
    });
  });
}
