import { describe, expect, it } from 'vitest';
import { contentRows, guessContentMapping } from './content-file-rules.ts';

describe('content file columns', () => {
  it('guesses English and Chinese headers; other columns stay unmapped', () => {
    expect(
      guessContentMapping([
        '\uFEFFCreator username',
        'Video ID',
        'Video link',
        'Publish time',
        'Product ID',
        'Views',
        'Likes',
        'Comments',
        'Orders',
        'GMV',
        'Duration',
      ]),
    ).toEqual([
      'creator',
      'video',
      null,
      'post_time',
      'products',
      'views',
      'likes',
      'comments',
      'orders',
      'gmv',
      null,
    ]);
    expect(
      guessContentMapping([
        '达人用户名',
        '视频链接',
        '发布时间',
        '商品ID',
        '播放量',
        '点赞',
        '评论',
        '订单',
        '成交金额',
      ]),
    ).toEqual(['creator', 'video', 'post_time', 'products', 'views', 'likes', 'comments', 'orders', 'gmv']);
    // An unknown layout: nothing guessed, the user maps it.
    expect(guessContentMapping(['A', 'B', 'C'])).toEqual([null, null, null]);
  });

  it('sends the mapped cells as the file has them (trimmed), numbered by spreadsheet row', () => {
    const rows = contentRows(
      [
        [' @amy ', '7300000000000000001', '02/03/2026', 'x', '1,200'],
        ['bob', '', '2026-03-02 10:00', '', '12'],
      ],
      [2, 4],
      ['creator', 'video', 'post_time', null, 'views'],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        row: 2,
        creator: '@amy',
        video: '7300000000000000001',
        post_time: '02/03/2026',
        views: '1,200',
        gmv: '',
      }),
      expect.objectContaining({
        row: 4,
        creator: 'bob',
        video: '',
        post_time: '2026-03-02 10:00',
        views: '12',
      }),
    ]);
  });
});
