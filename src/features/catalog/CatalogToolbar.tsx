/**
 * The filter bar every catalogue screen starts with: country (US by default), title search,
 * optionally the added-date range, extra fields, and the add button. `useCatalogFilters` holds
 * that state and answers a key that changes whenever a filter does (the table resets its page).
 */
import { useState, type ReactNode } from 'react';
import { DEFAULT_COUNTRY, type Country } from '../../../contract/constants.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { Input } from '../../ui/Input.tsx';
import { RangeDatePicker, type DateRangeValue } from '../../ui/RangeDatePicker.tsx';

export interface CatalogFilters {
  country: Country;
  setCountry: (c: Country) => void;
  title: string;
  setTitle: (t: string) => void;
  range: DateRangeValue | null;
  setRange: (r: DateRangeValue | null) => void;
}

export function useCatalogFilters(): CatalogFilters {
  const [country, setCountry] = useState<Country>(DEFAULT_COUNTRY);
  const [title, setTitle] = useState('');
  const [range, setRange] = useState<DateRangeValue | null>(null);
  return {
    country,
    setCountry,
    title,
    setTitle,
    range,
    setRange,
  };
}

/** Joins filter values into the table's reset key. */
export const filterKey = (...parts: unknown[]): string => JSON.stringify(parts);

export interface CatalogToolbarProps {
  filters: CatalogFilters;
  titleLabel: string;
  withRange?: boolean;
  /** Extra filter fields (products: id and category). */
  children?: ReactNode;
  addLabel: string;
  onAdd: () => void;
}

export function CatalogToolbar({
  filters,
  titleLabel,
  withRange,
  children,
  addLabel,
  onAdd,
}: CatalogToolbarProps) {
  return (
    <div className="catalog-toolbar" role="search">
      <CountrySelect value={filters.country} onChange={filters.setCountry} />
      <Input
        label={titleLabel}
        type="search"
        value={filters.title}
        onChange={(e) => filters.setTitle(e.target.value)}
        placeholder={m.common_search()}
      />
      {children}
      {withRange && (
        <RangeDatePicker
          label={m.catalog_added_between()}
          value={filters.range}
          onChange={filters.setRange}
        />
      )}
      <span className="catalog-toolbar__spacer" />
      <Button variant="primary" onPress={onAdd}>
        {addLabel}
      </Button>
    </div>
  );
}
