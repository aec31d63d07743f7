/** The verdict arithmetic of the sample approval rules: bounds inclusive where a seller reads "at least / at most". */
import { describe, expect, it } from 'vitest';
import { sampleVerdicts } from './sample-rules.ts';

describe('sampleVerdicts', () => {
  it('judges only the rules set, in order, and an unknown figure is unknown', () => {
    expect(sampleVerdicts({}, { fit: 10, gmv30: 0 })).toEqual([]);
    expect(
      sampleVerdicts(
        { min_fit: 50, min_gmv30: 1000, min_post_rate: null, cap_day: 2, price_cap: 30 },
        { fit: 50, gmv30: null, approvedDay: 2, price: 30.01 },
      ),
    ).toEqual([
      { rule: 'min_fit', verdict: 'pass', value: 50, limit: 50 },
      { rule: 'min_gmv30', verdict: 'unknown', value: null, limit: 1000 },
      { rule: 'cap_day', verdict: 'fail', value: 2, limit: 2 },
      { rule: 'price_cap', verdict: 'fail', value: 30.01, limit: 30 },
    ]);
  });
  it('a cap passes while approvals so far are below it; a price at the cap passes', () => {
    expect(sampleVerdicts({ cap_month: 3, price_cap: 30 }, { approvedMonth: 2, price: 30 })).toEqual([
      { rule: 'cap_month', verdict: 'pass', value: 2, limit: 3 },
      { rule: 'price_cap', verdict: 'pass', value: 30, limit: 30 },
    ]);
  });
});
