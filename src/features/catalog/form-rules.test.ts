/** The client-side checks of the catalogue dialogs, in their order. */
import { describe, expect, it } from 'vitest';
import { m } from '../../paraglide/messages.js';
import { productProblem } from '../products/ProductDialog.tsx';
import { templateProblem } from '../templates/TemplateDialog.tsx';
import { topicTitleCheck } from '../topics/TopicDialog.tsx';
import { isDuplicate } from './catalog-rules.ts';

describe('catalogue form checks', () => {
  it('template: name, then content, then content length', () => {
    expect(templateProblem(' ', '')).toBe(m.templates_title_required());
    expect(templateProblem('Hi', '  ')).toBe(m.templates_content_required());
    expect(templateProblem('Hi', 'x'.repeat(10_001))).toBe(m.templates_content_max());
    expect(templateProblem('Hi', 'x'.repeat(10_000))).toBeNull();
  });

  it('product: id, title and image required in that order; category optional', () => {
    const ok = { productId: 'P1', productTitle: 'Cup', productCategory: '', productImage: '/files/a.png' };
    expect(productProblem({ ...ok, productId: ' ' })).toBe(m.products_id_required());
    expect(productProblem({ ...ok, productTitle: '' })).toBe(m.products_title_required());
    expect(productProblem({ ...ok, productImage: '' })).toBe(m.products_image_required());
    expect(productProblem(ok)).toBeNull();
  });

  it('topic: required, one hashtag, leading # dropped', () => {
    expect(topicTitleCheck('  ')).toEqual({ problem: m.topics_title_required() });
    expect(topicTitleCheck('##')).toEqual({ problem: m.topics_title_required() });
    expect(topicTitleCheck('two words')).toEqual({ problem: m.topics_title_invalid() });
    expect(topicTitleCheck(' #summer ')).toEqual({ title: 'summer' });
  });

  it('duplicates: exact value in another row only', () => {
    const rows = [
      { id: 1, version: 1, title: 'VIP' },
      { id: 2, version: 1, title: 'New' },
    ];
    expect(isDuplicate(rows, 'title', 'VIP')).toBe(true);
    expect(isDuplicate(rows, 'title', 'VIP', 1)).toBe(false);
    expect(isDuplicate(rows, 'title', 'vip')).toBe(false);
    expect(isDuplicate(undefined, 'title', 'VIP')).toBe(false);
  });
});
