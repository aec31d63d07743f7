import { describe, expect, it } from 'vitest';
import { decodeLiveEvent, encodeLiveEvent } from './live.ts';

describe('live stream frames', () => {
  it('reads back what the server writes', () => {
    for (const e of [
      { event: 'version', version: 0 },
      { event: 'version', version: 123_456 },
      { event: 'ping' },
      { event: 'end', code: 10003 },
      { event: 'end', code: 200 },
    ] as const)
      expect(decodeLiveEvent(encodeLiveEvent(e).trimEnd())).toEqual(e);
  });

  it('drops frames whose data is not what the event carries', () => {
    for (const frame of [
      'event: version\ndata: {"version":-1}',
      'event: version\ndata: {"version":1.5}',
      'event: version\ndata: {"version":"7"}',
      'event: version\ndata: {"version":9007199254740993}',
      'event: version\ndata: {}',
      'event: version\ndata: null',
      'event: version\ndata: {"version":',
      'event: end\ndata: {"code":"10003"}',
      'event: end\ndata: []',
      'event: other\ndata: {"version":1}',
      ': a comment',
    ])
      expect(decodeLiveEvent(frame), frame).toBeUndefined();
  });
});
