import { describe, expect, it } from 'vitest';
import { checkImage } from './upload-rules.ts';

describe('image checks', () => {
  it('accepts JPEG and PNG under 2 MB', () => {
    expect(checkImage({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkImage({ type: 'image/png', size: 2 * 1024 * 1024 - 1 })).toBeNull();
  });
  it('rejects other formats first, then size', () => {
    expect(checkImage({ type: 'image/gif', size: 10 })).toBe('upload_format');
    expect(checkImage({ type: 'image/webp', size: 5e6 })).toBe('upload_format');
    expect(checkImage({ type: 'image/png', size: 2 * 1024 * 1024 })).toBe('upload_size');
  });
});
