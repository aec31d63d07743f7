/**
 * The API guide's signing vectors (V1-V6, "Test vectors") and its webhook vector, byte for byte.
 * V1 and V2 are published digests; V3b-V6 were computed from the recipe by the guide's authors.
 */
import { describe, expect, it } from 'vitest';
import { computeSign, signatureBase, signMatches, webhookSignature } from './signature.ts';

const SHOP_CIPHER = 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt';

describe('request signature (guide vectors)', () => {
  it('V1: the official example, base string and digest', () => {
    const query = { app_key: '29a39d', timestamp: '1623812664' };
    expect(signatureBase('/authorization/202309/shops', query)).toBe(
      '/authorization/202309/shopsapp_key29a39dtimestamp1623812664',
    );
    expect(computeSign({ secret: 'e59af819cc', path: '/authorization/202309/shops', query })).toBe(
      'b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8',
    );
  });

  it('V2: the PHP SDK test', () => {
    expect(computeSign({ secret: 'app_secret', path: '/test-api', query: { foo: 'bar' } })).toBe(
      'd3cb7fe11ecae942802ceeca67e7cf10120cc12f1517d45fbc1c8cfe5413c80f',
    );
  });

  const v3Query = { timestamp: '1696909648', app_key: '68xu9ks5p4i8', shop_cipher: SHOP_CIPHER };
  const v3Body = '{"address":"https://partner.tiktokshop.com","event_type":"PACKAGE_UPDATE"}';

  it('V3: the official base string sorts the keys', () => {
    expect(signatureBase('/event/202309/webhooks', v3Query)).toBe(
      '/event/202309/webhooksapp_key68xu9ks5p4i8shop_cipherROW_xkMbgAAAeVAQra0eZWebFQq5aIKttimestamp1696909648',
    );
  });

  it('V3b: V3 with a secret, body appended', () => {
    const sign = computeSign({
      secret: 'e59af819cc',
      path: '/event/202309/webhooks',
      query: v3Query,
      body: v3Body,
      contentType: 'application/json',
    });
    expect(sign).toBe('a75b9c8cd57140cab6dc95bf31c37bd6ffface74210768b6517c0ff81659b0ba');
  });

  const v4Query = {
    app_key: '29a39d',
    page_size: '20',
    shop_cipher: SHOP_CIPHER,
    timestamp: '1623812664',
  };
  const v4Body = '{"create_time_ge":1700000000,"create_time_lt":1700086400}';

  it('V4: orders search with a JSON body', () => {
    const sign = computeSign({
      secret: 'e59af819cc',
      path: '/affiliate_seller/202410/orders/search',
      query: v4Query,
      body: Buffer.from(v4Body),
      contentType: 'application/json',
    });
    expect(sign).toBe('6b5a69e7a9fc6c2435d514290cae85b64ebf65198c15f48ad1e31aa0cca1418a');
  });

  it('V5: a page token with + and / is signed decoded', () => {
    const token = '6AsPQsUMvH3RkchNUPPh22NROHkE0D8pmq/N5M1kHYcZmtRyv9aVrNv65W7Q6tFA+7D1';
    // The token travels percent-encoded; the gateway decodes it before signing.
    const decoded = new URLSearchParams(
      'page_token=6AsPQsUMvH3RkchNUPPh22NROHkE0D8pmq%2FN5M1kHYcZmtRyv9aVrNv65W7Q6tFA%2B7D1',
    ).get('page_token');
    expect(decoded).toBe(token);
    const sign = computeSign({
      secret: 'e59af819cc',
      path: '/affiliate_seller/202410/orders/search',
      query: { ...v4Query, page_token: token },
      body: v4Body,
      contentType: 'application/json',
    });
    expect(sign).toBe('1da8ee340e0bb1e674ea733f4e234c370b3ab4b3d93ab4244255d54d36a63836');
  });

  it('V6: a GET with no body', () => {
    const sign = computeSign({
      secret: 'e59af819cc',
      path: '/affiliate_seller/202412/open_collaborations/creator_content_details',
      query: {
        app_key: '29a39d',
        page_size: '20',
        product_id: '1729570313535393936',
        shop_cipher: SHOP_CIPHER,
        timestamp: '1623812664',
      },
    });
    expect(sign).toBe('518bbfce65dffa0453e24dd093c3982effe9f70b9bfdc39c7e2d2a89d43be02c');
  });

  it('leaves out sign and access_token, and never signs a multipart body', () => {
    const base = { secret: 'e59af819cc', path: '/authorization/202309/shops' };
    const plain = computeSign({ ...base, query: { app_key: '29a39d', timestamp: '1623812664' } });
    expect(
      computeSign({
        ...base,
        query: { app_key: '29a39d', timestamp: '1623812664', sign: 'x', access_token: 'y' },
      }),
    ).toBe(plain);
    expect(
      computeSign({
        ...base,
        query: { app_key: '29a39d', timestamp: '1623812664' },
        body: 'file bytes',
        contentType: 'multipart/form-data; boundary=abc',
      }),
    ).toBe(plain);
    expect(
      computeSign({
        ...base,
        query: { app_key: '29a39d', timestamp: '1623812664' },
        body: '{}',
        contentType: 'application/json',
      }),
    ).not.toBe(plain);
  });

  it('accepts only the exact lower-case digest', () => {
    const sign = 'b596b73e0cc6de07ac26f036364178ab16b0a907af13d43f0a0cd2345f582dc8';
    expect(signMatches(sign, sign)).toBe(true);
    expect(signMatches(sign.toUpperCase(), sign)).toBe(false);
    expect(signMatches(sign.slice(1), sign)).toBe(false);
  });
});

describe('webhook signature (guide vector)', () => {
  it('signs app_key + raw body with the app secret', () => {
    const body =
      '{"type":1,"tts_notification_id":"7380066284010030890","shop_id":"7495540735365777507","timestamp":1718305585,"data":{"is_on_hold_order":true,"order_id":"576653688135258178","order_status":"UNPAID","update_time":1718305585}}';
    expect(Buffer.byteLength(body)).toBe(223);
    expect(webhookSignature('abcdef', '123', body)).toBe(
      '5dec0f11ec2f6783b8deee53c9ffbf8d024302f7c7e7fa55a35d17629031ac05',
    );
  });
});
