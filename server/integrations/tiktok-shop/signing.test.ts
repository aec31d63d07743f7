/** The Partner API guide's signing vectors V1-V6 and its webhook vector, byte for byte. */
import { describe, expect, it } from 'vitest';
import { signatureBase, signRequest, verifyWebhookSignature, webhookSignature } from './signing.ts';

const CIPHER = 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt';
const V3_BODY = '{"address":"https://partner.tiktokshop.com","event_type":"PACKAGE_UPDATE"}';
const V4_BODY = '{"create_time_ge":1700000000,"create_time_lt":1700086400}';
const V4_QUERY = { app_key: '29a39d', page_size: 20, shop_cipher: CIPHER, timestamp: 1623812664 };
const PAGE_TOKEN = '6AsPQsUMvH3RkchNUPPh22NROHkE0D8pmq/N5M1kHYcZmtRyv9aVrNv65W7Q6tFA+7D1';

describe('request signing (guide vectors)', () => {
  it('V1: the official example, base string and digest', () => {
    const input = {
      path: '/authorization/202309/shops',
      query: { app_key: '29a39d', timestamp: '1623812664' },
    };
    expect(signatureBase(input).toString('utf8')).toBe(
      '/authorization/202309/shopsapp_key29a39dtimestamp1623812664',
    );
    expect(signRequest('e59af819cc', input)).toBe(
      'b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8',
    );
  });

  it('V2: the SDK test', () => {
    expect(signRequest('app_secret', { path: '/test-api', query: { foo: 'bar' } })).toBe(
      'd3cb7fe11ecae942802ceeca67e7cf10120cc12f1517d45fbc1c8cfe5413c80f',
    );
  });

  it('V3/V3b: keys sorted whatever order they come in, then the raw body', () => {
    const input = {
      path: '/event/202309/webhooks',
      query: { timestamp: '1696909648', app_key: '68xu9ks5p4i8', shop_cipher: CIPHER },
      body: V3_BODY,
      contentType: 'application/json',
    };
    expect(signatureBase(input).toString('utf8')).toBe(
      `/event/202309/webhooksapp_key68xu9ks5p4i8shop_cipher${CIPHER}timestamp1696909648${V3_BODY}`,
    );
    expect(signRequest('e59af819cc', input)).toBe(
      'a75b9c8cd57140cab6dc95bf31c37bd6ffface74210768b6517c0ff81659b0ba',
    );
    // The same bytes given as a Buffer sign the same.
    expect(signRequest('e59af819cc', { ...input, body: Buffer.from(V3_BODY) })).toBe(
      'a75b9c8cd57140cab6dc95bf31c37bd6ffface74210768b6517c0ff81659b0ba',
    );
  });

  it('V4: a POST search with numbers in the query and a JSON body', () => {
    expect(
      signRequest('e59af819cc', {
        path: '/affiliate_seller/202410/orders/search',
        query: V4_QUERY,
        body: V4_BODY,
        contentType: 'application/json',
      }),
    ).toBe('6b5a69e7a9fc6c2435d514290cae85b64ebf65198c15f48ad1e31aa0cca1418a');
  });

  it('V5: a page token with + and / is signed decoded', () => {
    expect(
      signRequest('e59af819cc', {
        path: '/affiliate_seller/202410/orders/search',
        query: { ...V4_QUERY, page_token: PAGE_TOKEN },
        body: V4_BODY,
        contentType: 'application/json',
      }),
    ).toBe('1da8ee340e0bb1e674ea733f4e234c370b3ab4b3d93ab4244255d54d36a63836');
  });

  it('V6: a GET with a product id', () => {
    expect(
      signRequest('e59af819cc', {
        path: '/affiliate_seller/202412/open_collaborations/creator_content_details',
        query: {
          app_key: '29a39d',
          page_size: '20',
          product_id: '1729570313535393936',
          shop_cipher: CIPHER,
          timestamp: '1623812664',
        },
      }),
    ).toBe('518bbfce65dffa0453e24dd093c3982effe9f70b9bfdc39c7e2d2a89d43be02c');
  });

  it('leaves out sign and access_token, the body of a multipart upload, and joins lists', () => {
    const base = { path: '/p', query: { app_key: 'k', timestamp: '1' } };
    const plain = signRequest('s', base);
    expect(signRequest('s', { ...base, query: { ...base.query, sign: 'x', access_token: 'y' } })).toBe(plain);
    expect(signRequest('s', { ...base, body: 'abc', contentType: 'multipart/form-data; boundary=z' })).toBe(
      plain,
    );
    expect(signRequest('s', { ...base, body: 'abc', contentType: 'application/json' })).not.toBe(plain);
    expect(signatureBase({ path: '/p', query: { ids: ['1', 2, '3'] } }).toString()).toBe('/pids1,2,3');
    expect(plain).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('webhook signature (guide vector)', () => {
  const BODY =
    '{"type":1,"tts_notification_id":"7380066284010030890","shop_id":"7495540735365777507","timestamp":1718305585,"data":{"is_on_hold_order":true,"order_id":"576653688135258178","order_status":"UNPAID","update_time":1718305585}}';
  const DIGEST = '5dec0f11ec2f6783b8deee53c9ffbf8d024302f7c7e7fa55a35d17629031ac05';

  it('signs app_key + raw body with the secret', () => {
    expect(Buffer.byteLength(BODY)).toBe(223);
    expect(webhookSignature('abcdef', '123', BODY)).toBe(DIGEST);
  });

  it('accepts the exact digest only: raw bytes, lower case, right key and secret', () => {
    expect(verifyWebhookSignature(DIGEST, 'abcdef', '123', Buffer.from(BODY))).toBe(true);
    expect(verifyWebhookSignature(DIGEST.toUpperCase(), 'abcdef', '123', BODY)).toBe(false);
    expect(verifyWebhookSignature(`Bearer ${DIGEST}`, 'abcdef', '123', BODY)).toBe(false);
    expect(verifyWebhookSignature(DIGEST, 'abcdef', '124', BODY)).toBe(false);
    expect(verifyWebhookSignature(DIGEST, 'abcdeg', '123', BODY)).toBe(false);
    // Re-serialised JSON (spaces, another key order) is not the body that was signed.
    expect(verifyWebhookSignature(DIGEST, 'abcdef', '123', JSON.stringify(JSON.parse(BODY), null, 1))).toBe(
      false,
    );
    expect(verifyWebhookSignature(DIGEST, 'abcdef', '123', `${BODY} `)).toBe(false);
    expect(verifyWebhookSignature(undefined, 'abcdef', '123', BODY)).toBe(false);
    expect(verifyWebhookSignature('', 'abcdef', '123', BODY)).toBe(false);
    expect(verifyWebhookSignature('a'.repeat(5000), 'abcdef', '123', BODY)).toBe(false);
  });
});
