import { describe, expect, it } from 'vitest';
import { daySlots } from './video-rules.ts';

const point = (day: number, views: number, orders = 0) => ({
  day,
  taken_at: 1_767_225_600 + day * 86_400,
  views,
  likes: 0,
  comments: 0,
  orders,
  gmv: 0,
});

describe('daySlots', () => {
  it('puts each point on its day since posting and leaves unread days empty, not zero', () => {
    expect(daySlots([point(0, 0), point(2, 40), point(6, 90)], 7, 'views')).toEqual({
      names: ['0', '1', '2', '3', '4', '5', '6'],
      values: [0, null, 40, null, null, null, 90],
    });
  });
  it('reads the chosen measure and drops points outside the window', () => {
    const { names, values } = daySlots([point(1, 5, 3), point(7, 9, 4)], 7, 'orders');
    expect(names).toHaveLength(7);
    expect(values).toEqual([null, 3, null, null, null, null, null]);
    expect(daySlots([], 30, 'views').values.every((v) => v === null)).toBe(true);
  });
});
