import { describe, expect, it } from 'vitest';
import { savesOnEnter, type EnterKey } from './form-keys.ts';

const key = (over: Partial<EnterKey> & { tag?: string; type?: string } = {}): EnterKey => ({
  key: over.key ?? 'Enter',
  defaultPrevented: over.defaultPrevented ?? false,
  isComposing: over.isComposing ?? false,
  target: { tagName: over.tag ?? 'INPUT', type: over.type ?? 'text' },
});

describe('savesOnEnter', () => {
  it('saves on Enter in a text, number or date field', () => {
    expect(savesOnEnter(key())).toBe(true);
    expect(savesOnEnter(key({ type: 'number' }))).toBe(true);
    expect(savesOnEnter(key({ type: 'date' }))).toBe(true);
  });

  it('leaves other keys, handled keys and IME compositions alone', () => {
    expect(savesOnEnter(key({ key: 'a' }))).toBe(false);
    expect(savesOnEnter(key({ defaultPrevented: true }))).toBe(false);
    expect(savesOnEnter(key({ isComposing: true }))).toBe(false);
  });

  it('leaves textareas, buttons and boxes alone', () => {
    expect(savesOnEnter(key({ tag: 'TEXTAREA' }))).toBe(false);
    expect(savesOnEnter(key({ tag: 'BUTTON', type: 'button' }))).toBe(false);
    expect(savesOnEnter(key({ type: 'checkbox' }))).toBe(false);
    expect(savesOnEnter({ ...key(), target: null })).toBe(false);
  });
});
