import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';

const product = (over: Record<string, unknown> = {}) => ({
  country: 'US',
  productId: '1729384756',
  productTitle: 'Silk scarf',
  productCategory: 'Fashion',
  productImage: '/files/uploads/abc.png',
  ...over,
});

describeEngines('products', (t) => {
  it('adds, lists (paged), edits and deletes a product with the spec fields', async () => {
    const me = await t().signUp();
    const add = await t().call('POST', '/product/add', product(), { token: me.token });
    expect(add.code).toBe(200);
    expect(add.data).toMatchObject({
      country: 'US',
      product_id: '1729384756',
      product_title: 'Silk scarf',
      category: 'Fashion',
      product_img: '/files/uploads/abc.png',
    });
    expect(Object.keys(add.data).sort()).toEqual([
      'add_time',
      'category',
      'country',
      'id',
      'product_id',
      'product_img',
      'product_title',
      'update_time',
    ]);
    const list = await t().call('POST', '/product/lists', { country: 'US' }, { token: me.token });
    expect(list.data).toEqual({ list: [add.data], count: 1, limit: 20, page: 1 });

    const edit = await t().call(
      'PUT',
      '/product/edit',
      { id: add.data.id, ...product({ productTitle: 'Wool scarf', productCategory: '' }) },
      { token: me.token },
    );
    expect(edit).toMatchObject({ code: 200, data: { product_title: 'Wool scarf', category: '' } });
    const del = await t().call(
      'DELETE',
      '/product/del',
      { id: add.data.id, country: 'US' },
      { token: me.token },
    );
    expect(del.code).toBe(200);
    expect(
      (await t().call('POST', '/product/lists', { country: 'US' }, { token: me.token })).data.count,
    ).toBe(0);
  });

  it('requires product id, title and image (category optional) and refuses a duplicate id', async () => {
    const me = await t().signUp();
    expect(
      await t().call('POST', '/product/add', product({ productId: '' }), { token: me.token }),
    ).toMatchObject({ code: 40001, msg: 'Please enter the product id' });
    expect(
      await t().call('POST', '/product/add', product({ productTitle: undefined }), { token: me.token }),
    ).toMatchObject({ code: 40001, msg: 'Please enter the product title' });
    expect(
      await t().call('POST', '/product/add', product({ productImage: ' ' }), {
        token: me.token,
        language: 'zh-cn',
      }),
    ).toMatchObject({ code: 40001, msg: '请上传商品图片' });
    expect(
      (
        await t().call('POST', '/product/add', product({ productImage: 'javascript:alert(1)' }), {
          token: me.token,
        })
      ).code,
    ).toBe(40001);
    const noCategory = await t().call(
      'POST',
      '/product/add',
      product({ productId: 'P-2', productCategory: undefined, productImage: 'https://cdn.example/p.jpg' }),
      { token: me.token },
    );
    expect(noCategory).toMatchObject({ code: 200, data: { category: '' } });
    expect(
      (await t().call('POST', '/product/add', product({ productId: 'P-2' }), { token: me.token })).code,
    ).toBe(40009);
    expect(
      (
        await t().call('POST', '/product/add', product({ productId: 'P-2', country: 'ID' }), {
          token: me.token,
        })
      ).code,
    ).toBe(200);
  });

  it('filters by product id, title, category and date range, and pages', async () => {
    const me = await t().signUp();
    const rows = [
      ['A-100', 'Red lipstick', 'Beauty'],
      ['A-200', 'Blue lipstick', 'Beauty'],
      ['B-300', 'Garden hose', 'Home'],
    ];
    for (const [productId, productTitle, productCategory] of rows) {
      await t().call(
        'POST',
        '/product/add',
        product({ country: 'MY', productId, productTitle, productCategory }),
        { token: me.token },
      );
    }
    const q = (body: Record<string, unknown>) =>
      t().call('POST', '/product/lists', { country: 'MY', ...body }, { token: me.token });
    expect((await q({ productId: 'a-' })).data.count).toBe(2);
    expect((await q({ productTitle: 'LIPSTICK', productCategory: 'beauty' })).data.count).toBe(2);
    expect((await q({ productCategory: 'home' })).data.list[0].product_id).toBe('B-300');
    expect((await q({ startTime: '2021-03-12', endTime: '2021-12-31' })).data.count).toBe(0);
    const page2 = await q({ page: 2, limit: 2 });
    expect(page2.data).toMatchObject({ count: 3, page: 2, limit: 2 });
    expect(page2.data.list).toHaveLength(1);
    expect((await q({ limit: 0 })).code).toBe(40001);
  });

  it("leaves another workspace's product alone and hides it", async () => {
    const owner = await t().signUp();
    const stranger = await t().signUp();
    const p = (await t().call('POST', '/product/add', product(), { token: owner.token })).data;
    const edit = await t().call(
      'PUT',
      '/product/edit',
      { id: p.id, ...product({ productTitle: 'Hacked' }) },
      { token: stranger.token },
    );
    expect(edit).toMatchObject({ code: 40004, data: null });
    expect(
      (await t().call('DELETE', '/product/del', { id: p.id, country: 'US' }, { token: stranger.token })).code,
    ).toBe(40004);
    expect(
      (
        await t().call(
          'PUT',
          '/product/edit',
          { id: p.id, ...product({ country: 'TH' }) },
          { token: owner.token },
        )
      ).code,
    ).toBe(40004);
    expect(
      (await t().call('POST', '/product/lists', { country: 'US' }, { token: stranger.token })).data.count,
    ).toBe(0);
    expect(
      (await t().call('POST', '/product/lists', { country: 'US' }, { token: owner.token })).data.list,
    ).toEqual([p]);
  });
});
