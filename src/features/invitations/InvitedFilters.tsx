/**
 * The invited screen's filter bar: the catalogue filters (country, name, added range) plus tag,
 * status and — only while the status filter is 3 — sub status; the search button and the add button
 * with its tooltip.
 */
import { Tooltip, TooltipTrigger } from 'react-aria-components';
import type { RowOf } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { Input } from '../../ui/Input.tsx';
import { RangeDatePicker } from '../../ui/RangeDatePicker.tsx';
import { Select } from '../../ui/Select.tsx';
import type { CatalogFilters } from '../catalog/CatalogToolbar.tsx';
import { COOPERATING, STATUSES, statusLabel, SUB_STATUSES, subStatusLabel } from './invitation-rules.ts';

export interface InvitedChoice {
  tagId: number;
  status: number;
  sub: number;
}

export function InvitedFilters({
  filters,
  choice,
  onChoice,
  tags,
  onAdd,
  onSearch,
}: {
  filters: CatalogFilters;
  choice: InvitedChoice;
  onChoice: (c: InvitedChoice) => void;
  tags: readonly RowOf<'tags'>[] | undefined;
  onAdd: () => void;
  /** The spec's search button: the filters apply as they change; this goes back to page 1. */
  onSearch: () => void;
}) {
  const all = { id: 0, label: m.invited_all() };
  return (
    <div className="catalog-toolbar" role="search">
      <CountrySelect value={filters.country} onChange={filters.setCountry} />
      <Input
        label={m.invited_name()}
        type="search"
        value={filters.title}
        onChange={(e) => filters.setTitle(e.target.value)}
        placeholder={m.common_search()}
      />
      <Select
        label={m.invited_tag()}
        items={[all, ...(tags ?? []).map((t) => ({ id: t.id, label: t.title ?? '' }))]}
        value={choice.tagId}
        onChange={(v) => onChoice({ ...choice, tagId: Number(v) })}
      />
      <Select
        label={m.invited_status()}
        items={[all, ...STATUSES.map((s) => ({ id: s as number, label: statusLabel(s) }))]}
        value={choice.status}
        onChange={(v) => onChoice({ ...choice, status: Number(v), sub: 0 })}
      />
      {choice.status === COOPERATING && (
        <Select
          label={m.invited_sub_status()}
          items={[all, ...SUB_STATUSES.map((s) => ({ id: s as number, label: subStatusLabel(s) }))]}
          value={choice.sub}
          onChange={(v) => onChoice({ ...choice, sub: Number(v) })}
        />
      )}
      <RangeDatePicker label={m.catalog_added_between()} value={filters.range} onChange={filters.setRange} />
      <Button icon={<Icon name="search" />} onPress={onSearch}>
        {m.common_search()}
      </Button>
      <span className="catalog-toolbar__spacer" />
      <TooltipTrigger delay={300}>
        <Button variant="primary" onPress={onAdd}>
          {m.invited_add()}
        </Button>
        <Tooltip className="invited-tooltip">{m.invited_add_tip()}</Tooltip>
      </TooltipTrigger>
    </div>
  );
}
