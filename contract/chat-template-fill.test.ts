import { describe, expect, it } from 'vitest';
import { fillTemplate, usedVars } from './chat-template-fill.ts';

describe('chat template variables', () => {
  it('fills known variables and leaves missing or unknown ones as written', () => {
    const t = 'Hi {creator_name}, see {product_id} — {seller_name} {other}';
    expect(fillTemplate(t, { creator_name: 'Ann', seller_name: 'Bo' })).toBe(
      'Hi Ann, see {product_id} — Bo {other}',
    );
    expect(usedVars(t + ' {creator_name}')).toEqual(['creator_name', 'product_id', 'seller_name']);
  });
});
