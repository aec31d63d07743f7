/** Country picker: the eight markets with flags, US by default. */
import type { ReactNode } from 'react';
import { COUNTRIES, DEFAULT_COUNTRY, type Country } from '../../contract/constants.ts';
import { m } from '../paraglide/messages.js';
import { Select, type SelectOption } from './Select.tsx';

export { DEFAULT_COUNTRY };

const NAMES: Record<Country, () => string> = {
  US: m.country_us,
  MY: m.country_my,
  VN: m.country_vn,
  TH: m.country_th,
  PH: m.country_ph,
  SG: m.country_sg,
  ID: m.country_id,
  GB: m.country_gb,
};

export const countryName = (c: Country): string => NAMES[c]();
export const flagUrl = (c: Country): string => `/flags/${c.toLowerCase()}.svg`;

export function Flag({ country }: { country: Country }) {
  return <img className="cd-flag" src={flagUrl(country)} alt="" width={20} height={14} loading="lazy" />;
}

export interface CountrySelectProps {
  value: Country | null | undefined;
  onChange: (country: Country) => void;
  label?: ReactNode;
  /** Hides the visible label but keeps the accessible name. */
  hideLabel?: boolean;
  countries?: readonly Country[];
  isDisabled?: boolean;
  className?: string;
  size?: 'sm' | 'md';
  /** A plain button until first used, then the real select (./Select.tsx). */
  mountOnUse?: boolean;
}

export function CountrySelect({
  value,
  onChange,
  label,
  hideLabel,
  countries = COUNTRIES,
  ...rest
}: CountrySelectProps) {
  const items: SelectOption<Country>[] = countries.map((c) => ({
    id: c,
    textValue: countryName(c),
    label: (
      <span className="cd-country">
        <Flag country={c} />
        <span>{countryName(c)}</span>
      </span>
    ),
  }));
  const name = label ?? m.country_label();
  return (
    <Select<Country>
      {...rest}
      items={items}
      value={value ?? DEFAULT_COUNTRY}
      onChange={onChange}
      label={hideLabel ? undefined : name}
      aria-label={hideLabel && typeof name === 'string' ? name : undefined}
    />
  );
}
