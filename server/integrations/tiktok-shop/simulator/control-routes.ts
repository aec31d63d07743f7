/**
 * The control API over HTTP under /_sim/..., for the demo and for tests that drive a simulator in
 * another process. Same functions as `control`; JSON in, JSON out; a bad input is a 400 with
 * `{error}`. These routes have no authentication: the simulator is a local tool (main.ts binds to
 * 127.0.0.1 unless told otherwise), and `controlRoutes: false` removes them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimulatorControl } from './control.ts';
import type { EndpointName } from './endpoints.ts';
import { SERVED } from './endpoints.ts';
import type { SampleStatus } from './samples-data.ts';
import { SAMPLE_STATUSES } from './samples-data.ts';
import type { FaultKind } from './traffic.ts';

const FAULTS: FaultKind[] = ['internal', 'timeout', 'unavailable', 'throttle', 'corrupt', 'slow'];
const ENDPOINTS = new Set<string>([...SERVED.map((s) => s.name), 'token.get', 'token.refresh']);

class BadInput extends Error {}

const bodyOf = (req: FastifyRequest): Record<string, unknown> => {
  if (!Buffer.isBuffer(req.body) || req.body.length === 0) return {};
  try {
    const parsed: unknown = JSON.parse(req.body.toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new BadInput('the body must be a JSON object');
};

const int = (v: unknown, name: string, min: number, max: number): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new BadInput(`${name}: an integer ${min}-${max}`);
  return v;
};
const optString = (v: unknown, name: string): string | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length > 2000) throw new BadInput(`${name}: a string`);
  return v;
};
const endpoint = (v: unknown, allowAny: boolean): EndpointName | '*' => {
  if (typeof v === 'string' && (ENDPOINTS.has(v) || (allowAny && v === '*'))) return v as EndpointName | '*';
  throw new BadInput(`endpoint: one of ${[...ENDPOINTS].join(', ')}${allowAny ? ', *' : ''}`);
};

export function registerControlRoutes(app: FastifyInstance, control: SimulatorControl): void {
  const route = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    run: (body: Record<string, unknown>, req: FastifyRequest, reply: FastifyReply) => unknown,
  ) =>
    app.route({
      method,
      url: `/_sim${url}`,
      handler: async (req, reply) => {
        try {
          const result = await run(method === 'GET' ? {} : bodyOf(req), req, reply);
          if (reply.sent) return reply;
          return reply.send(result ?? { ok: true });
        } catch (err) {
          if (err instanceof BadInput || err instanceof Error)
            return reply.code(400).send({ error: err.message });
          throw err;
        }
      },
    });
  const param = (req: FastifyRequest, name: string) => (req.params as Record<string, string>)[name] ?? '';

  route('GET', '/state', () => ({
    now: control.now(),
    app: control.app,
    sellers: control.sellers(),
    faults: control.pendingFaults(),
  }));
  route('POST', '/time/advance', (b) => control.advanceTime(int(b.seconds, 'seconds', 0, 10 * 365 * 86_400)));
  route('POST', '/consent', (b) => {
    const mode = b.mode;
    if (mode !== undefined) {
      if (mode !== 'page' && mode !== 'approve' && mode !== 'deny')
        throw new BadInput('mode: page, approve or deny');
      control.setConsentMode(mode);
    }
    const openId = optString(b.openId, 'openId');
    if (openId) control.setConsentSeller(openId);
    const redirectUrl = optString(b.redirectUrl, 'redirectUrl');
    if (redirectUrl) control.setRedirectUrl(redirectUrl);
  });
  route('POST', '/tokens/issue', (b) => control.issueTokens(optString(b.openId, 'openId')));
  route('POST', '/tokens/expire', (b) => {
    const openId = optString(b.openId, 'openId');
    if (b.kind === 'access') return { expired: control.expireAccessTokens(openId) };
    if (b.kind === 'refresh') return { expired: control.expireRefreshTokens(openId) };
    throw new BadInput('kind: access or refresh');
  });
  route('POST', '/authorizations/revoke', async (b) => ({
    deliveries: await control.revokeAuthorization(optString(b.openId, 'openId')),
  }));
  route('POST', '/authorizations/warn-expiry', async (b) => ({
    deliveries: await control.warnAuthorizationExpiry(optString(b.openId, 'openId')),
  }));
  route('POST', '/scopes', (b) => {
    const openId = optString(b.openId, 'openId') ?? control.sellers()[0]!.openId;
    if (!Array.isArray(b.scopes) || !b.scopes.every((s) => typeof s === 'string'))
      throw new BadInput('scopes: strings');
    const scopes = b.scopes as string[];
    control.setConsentScopes(openId, scopes);
    if (b.existing !== false) control.setGrantedScopes(openId, scopes);
  });
  route('POST', '/throttle', (b) => {
    const qps =
      b.qps === null ? null : typeof b.qps === 'number' && b.qps > 0 && b.qps <= 10_000 ? b.qps : undefined;
    if (qps === undefined) throw new BadInput('qps: a positive number or null');
    control.setQps(endpoint(b.endpoint, false) as EndpointName, qps);
  });
  route('POST', '/faults', (b) => {
    if (typeof b.kind !== 'string' || !FAULTS.includes(b.kind as FaultKind))
      throw new BadInput(`kind: ${FAULTS.join(', ')}`);
    control.failNext(
      endpoint(b.endpoint, true),
      b.kind as FaultKind,
      b.count === undefined ? 1 : int(b.count, 'count', 1, 1_000_000),
      {
        ...(b.delayMs !== undefined ? { delayMs: int(b.delayMs, 'delayMs', 0, 120_000) } : {}),
        ...(b.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: int(b.retryAfterSeconds, 'retryAfterSeconds', 0, 3600) }
          : {}),
      },
    );
  });
  route('DELETE', '/faults', () => control.clearFaults());
  route('GET', '/calls', () => control.calls());
  route('DELETE', '/calls', () => control.clearCalls());
  route('GET', '/shops/:shop', (_b, req) => control.shop(param(req, 'shop')));
  route('POST', '/shops/:shop/orders/change', async (b, req) => {
    const kind = b.kind ?? 'refund';
    if (kind !== 'refund' && kind !== 'settle' && kind !== 'cancel')
      throw new BadInput('kind: refund, settle or cancel');
    return control.changeOrderLines(param(req, 'shop'), {
      count: int(b.count, 'count', 1, 1_000_000),
      kind,
      webhooks: b.webhooks === true,
    });
  });
  route('POST', '/shops/:shop/orders/add', (b, req) =>
    control.addOrders(param(req, 'shop'), {
      count: int(b.count, 'count', 1, 100_000),
      ...(b.createTime !== undefined ? { createTime: int(b.createTime, 'createTime', 0, 2 ** 31) } : {}),
    }),
  );
  route('GET', '/shops/:shop/affiliate-orders.csv', (_b, req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const csv = control.affiliateOrdersCsv(param(req, 'shop'), {
      ...(q.ge ? { ge: Number(q.ge) } : {}),
      ...(q.lt ? { lt: Number(q.lt) } : {}),
    });
    return reply.header('content-type', 'text/csv; charset=utf-8').send(csv);
  });
  route('GET', '/shops/:shop/samples', (_b, req) => control.sampleApplications(param(req, 'shop')));
  route('POST', '/shops/:shop/samples/add', (b, req) =>
    control.addSampleApplications(param(req, 'shop'), int(b.count, 'count', 1, 1000)),
  );
  route('POST', '/shops/:shop/samples/:id/status', (b, req) => {
    if (typeof b.status !== 'string' || !(SAMPLE_STATUSES as readonly string[]).includes(b.status))
      throw new BadInput('status: a sample status');
    return control.setSampleStatus(param(req, 'shop'), param(req, 'id'), b.status as SampleStatus);
  });
  route('POST', '/shops/:shop/samples/:id/content', (b, req) =>
    control.addSampleContent(param(req, 'shop'), param(req, 'id'), b.format === 'LIVE' ? 'LIVE' : 'VIDEO'),
  );
  route('POST', '/webhooks/emit', async (b) => {
    const shop = optString(b.shop, 'shop');
    const eventType = optString(b.eventType, 'eventType');
    if (!shop || !eventType) throw new BadInput('shop and eventType are required');
    const data = typeof b.data === 'object' && b.data !== null ? b.data : {};
    return control.emitWebhook(shop, eventType, data);
  });
  route('POST', '/webhooks/duplicates', (b) => control.setWebhookDuplicates(b.on === true));
  route('GET', '/webhooks/deliveries', () => control.webhookDeliveries());
}
