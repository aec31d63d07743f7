import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('SEED_DEMO_CREATORS', () => {
  it('is unset by default (the seed uses its own 20,000) and read as a number when given', () => {
    expect(loadConfig({}).seedDemoCreators).toBeUndefined();
    expect(loadConfig({ SEED_DEMO_CREATORS: '5000' }).seedDemoCreators).toBe(5000);
  });

  it('refuses what is not a creator count', () => {
    for (const bad of ['0', '7', '-5', '2.5', 'many', '1000001']) {
      expect(() => loadConfig({ SEED_DEMO_CREATORS: bad }), bad).toThrow();
    }
  });
});
