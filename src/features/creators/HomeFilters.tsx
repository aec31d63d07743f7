/**
 * The home search row (spec section 2): country, creator name, challenge, tag, the three
 * yes/no/any flags and the add_time range. Everything applies on change (the worker answers in
 * milliseconds, so the name filters on every keystroke: a pause there would cost more than the
 * query); the challenge, which asks the server, settles for a moment first. Search applies both.
 */
import { memo, useEffect, useState } from 'react';
import type { CreatorTag } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { Input } from '../../ui/Input.tsx';
import { RangeDatePicker, type DateRangeValue } from '../../ui/RangeDatePicker.tsx';
import { Select, type SelectOption } from '../../ui/Select.tsx';
import type { HomeFilterValue, TriState } from './home-rules.ts';

const TEXT_SETTLE_MS = 120;

function triItems(): SelectOption<TriState>[] {
  return [
    { id: 'any', label: m.home_any() },
    { id: '1', label: m.common_yes() },
    { id: '0', label: m.common_no() },
  ];
}

/** Memoised: a sort click or a new page of results does not re-render the filter bar's widgets. */
export const HomeFilters = memo(function HomeFilters({
  value,
  tags,
  onChange,
  onSearch,
}: {
  value: HomeFilterValue;
  tags: readonly CreatorTag[];
  onChange: (v: HomeFilterValue) => void;
  onSearch: () => void;
}) {
  const [name, setName] = useState(value.name);
  const [challenge, setChallenge] = useState(value.challenge);
  const [dates, setDates] = useState<DateRangeValue | null>(null);

  // The challenge looks its creators up on the server: no request per keystroke burst.
  useEffect(() => {
    if (challenge === value.challenge) return;
    const t = setTimeout(() => onChange({ ...value, challenge }), TEXT_SETTLE_MS);
    return () => clearTimeout(t);
  }, [challenge, value, onChange]);

  const tri = triItems();
  const tagItems: SelectOption<number>[] = [
    { id: 0, label: m.home_any() },
    ...tags.map((t) => ({ id: t.tag_id, label: t.tag_title })),
  ];

  return (
    <form
      className="home-filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...value, name, challenge });
        onSearch();
      }}
    >
      <CountrySelect
        value={value.country}
        onChange={(country) => onChange({ ...value, country, tagId: null })}
      />
      <Input
        label={m.home_search_name()}
        placeholder={m.home_search_name_hint()}
        value={name}
        maxLength={255}
        onChange={(e) => {
          setName(e.target.value);
          onChange({ ...value, name: e.target.value });
        }}
      />
      <Input
        label={m.home_search_challenge()}
        placeholder={m.home_search_challenge_hint()}
        value={challenge}
        maxLength={255}
        onChange={(e) => setChallenge(e.target.value)}
      />
      <Select<number>
        label={m.home_search_tag()}
        items={tagItems}
        value={value.tagId ?? 0}
        onChange={(id) => onChange({ ...value, tagId: id === 0 ? null : id })}
      />
      <Select<TriState>
        label={m.home_search_chat()}
        items={tri}
        value={value.isChat}
        onChange={(isChat) => onChange({ ...value, isChat })}
      />
      <Select<TriState>
        label={m.home_search_invited()}
        items={tri}
        value={value.isInvitation}
        onChange={(isInvitation) => onChange({ ...value, isInvitation })}
      />
      <Select<TriState>
        label={m.home_search_black()}
        items={tri}
        value={value.isBlack}
        onChange={(isBlack) => onChange({ ...value, isBlack })}
      />
      <RangeDatePicker
        label={m.home_search_dates()}
        value={dates}
        onChange={setDates}
        onChangeUnix={(range) => onChange({ ...value, range })}
      />
      <Button type="submit" variant="primary">
        {m.common_search()}
      </Button>
    </form>
  );
});
