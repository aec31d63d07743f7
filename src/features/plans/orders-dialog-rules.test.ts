import { describe, expect, it } from 'vitest';
import type { RowOf } from '../../../contract/sync.ts';
import { addCheck, countryOfCurrency, plansCountry, toConfirm } from './orders-dialog-rules.ts';

const plan = (id: number, country: string) => ({ id, version: 1, country }) as RowOf<'plans'>;

describe('the orders dialog’s choices', () => {
  it('starts from the file’s currency, else from the country of the plans', () => {
    expect(countryOfCurrency(['GBP'])).toBe('GB');
    expect(countryOfCurrency(['usd'])).toBe('US');
    expect(countryOfCurrency([])).toBeNull();
    expect(countryOfCurrency(['GBP', 'USD'])).toBeNull();
    expect(countryOfCurrency(['EUR'])).toBeNull();
    expect(plansCountry([plan(1, 'GB'), plan(2, 'GB')])).toBe('GB');
    expect(plansCountry([plan(1, 'US'), plan(2, 'GB'), plan(3, 'GB')])).toBe('GB');
    expect(plansCountry([])).toBe('US');
  });

  it('asks to confirm what would be replaced: lines of another country, a currency not the country’s', () => {
    const check = addCheck(
      { added: 1, updated: 2, moved: [{ country: 'GB', lines: 2 }] },
      { added: 0, updated: 3, moved: [{ country: 'GB', lines: 3 }] },
    );
    expect(check).toEqual({ added: 1, updated: 5, moved: [{ country: 'GB', lines: 5 }] });
    expect(toConfirm('US', ['GBP'], check)).toEqual({
      moved: [{ country: 'GB', lines: 5 }],
      currency: 'GBP',
    });
    expect(toConfirm('GB', ['GBP'], { added: 3, updated: 0, moved: [] })).toBeNull();
    expect(toConfirm('US', ['GBP'], null)).toEqual({ moved: [], currency: 'GBP' });
    // A US all-orders file names no currency: nothing to confirm unless lines move.
    expect(toConfirm('US', [], { added: 3, updated: 0, moved: [] })).toBeNull();
  });
});
