/**
 * The home search row: country, creator name, challenge, tag, the three
 * yes/no/any flags and the add_time range. Everything applies on change (the worker answers in
 * milliseconds, so the name filters on every keystroke: a pause there would cost more than the
 * query); the challenge, which asks the server, settles for a moment first. Search applies both.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CreatorTag } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { Input } from '../../ui/Input.tsx';
import { RangeDatePicker, type DateRangeValue } from '../../ui/RangeDatePicker.tsx';
import { Select, type SelectOption } from '../../ui/Select.tsx';
import { fromUnixRange } from '../../ui/date-rules.ts';
import type { HomeFilterValue, TriState } from './home-rules.ts';

const TEXT_SETTLE_MS = 120;

function triItems(): SelectOption<TriState>[] {
  return [
    { id: 'any', label: m.home_any() },
    { id: '1', label: m.common_yes() },
    { id: '0', label: m.common_no() },
  ];
}

type Patch = Partial<HomeFilterValue>;

/**
 * Memoised, and split so that a keystroke in the name box re-renders the box alone: the selects,
 * the date picker, the challenge box and the search button sit in memoised parts whose props do not
 * change while the name does (a sort click or a new page of results re-renders none of it).
 */
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
  const [challenge, setChallenge] = useState(value.challenge);
  // A stable patcher over the latest value, so the memoised parts keep equal props.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const patch = useCallback((p: Patch) => onChange({ ...latest.current, ...p }), [onChange]);
  const setName = useCallback((name: string) => patch({ name }), [patch]);

  // The challenge looks its creators up on the server: no request per keystroke burst.
  useEffect(() => {
    if (challenge === value.challenge) return;
    const t = setTimeout(() => patch({ challenge }), TEXT_SETTLE_MS);
    return () => clearTimeout(t);
  }, [challenge, value.challenge, patch]);

  return (
    <form
      className="home-filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        patch({ challenge });
        onSearch();
      }}
    >
      <CountryFilter country={value.country} onPatch={patch} />
      <NameFilter initial={value.name} onName={setName} />
      <TextFilter
        label={m.home_search_challenge()}
        hint={m.home_search_challenge_hint()}
        value={challenge}
        onValue={setChallenge}
      />
      <FlagFilters
        tags={tags}
        tagId={value.tagId}
        isChat={value.isChat}
        isInvitation={value.isInvitation}
        isBlack={value.isBlack}
        range={value.range}
        onPatch={patch}
      />
      <SearchButton />
    </form>
  );
});

/** A text box of the filter row, memoised: it renders again only when its own text changes. */
const TextFilter = memo(function TextFilter({
  label,
  hint,
  value,
  onValue,
}: {
  label: string;
  hint: string;
  value: string;
  onValue: (text: string) => void;
}) {
  return (
    <Input
      label={label}
      placeholder={hint}
      value={value}
      maxLength={255}
      onChange={(e) => onValue(e.target.value)}
    />
  );
});

/** react-aria's button renders in a few ms; a keystroke in the name box need not render it again. */
const SearchButton = memo(function SearchButton() {
  return (
    <Button type="submit" variant="primary">
      {m.common_search()}
    </Button>
  );
});

const CountryFilter = memo(function CountryFilter({
  country,
  onPatch,
}: {
  country: HomeFilterValue['country'];
  onPatch: (p: Patch) => void;
}) {
  return <CountrySelect mountOnUse value={country} onChange={(c) => onPatch({ country: c, tagId: null })} />;
});

/** The name box keeps its own text and applies every keystroke at once. */
const NameFilter = memo(function NameFilter({
  initial,
  onName,
}: {
  initial: string;
  onName: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  const onValue = useCallback(
    (text: string) => {
      setName(text);
      onName(text);
    },
    [onName],
  );
  return (
    <TextFilter
      label={m.home_search_name()}
      hint={m.home_search_name_hint()}
      value={name}
      onValue={onValue}
    />
  );
});

const FlagFilters = memo(function FlagFilters({
  tags,
  tagId,
  isChat,
  isInvitation,
  isBlack,
  range,
  onPatch,
}: {
  tags: readonly CreatorTag[];
  tagId: number | null;
  isChat: TriState;
  isInvitation: TriState;
  isBlack: TriState;
  /** The range the picker starts with (a kept view, a link, a saved view); it keeps its own after. */
  range: HomeFilterValue['range'];
  onPatch: (p: Patch) => void;
}) {
  const [dates, setDates] = useState<DateRangeValue | null>(() =>
    range ? fromUnixRange(range.startTime, range.endTime) : null,
  );
  const tri = useMemo(triItems, []);
  const tagItems = useMemo<SelectOption<number>[]>(
    () => [{ id: 0, label: m.home_any() }, ...tags.map((t) => ({ id: t.tag_id, label: t.tag_title }))],
    [tags],
  );
  return (
    <>
      <Select<number>
        mountOnUse
        label={m.home_search_tag()}
        items={tagItems}
        value={tagId ?? 0}
        onChange={(id) => onPatch({ tagId: id === 0 ? null : id })}
      />
      <Select<TriState>
        mountOnUse
        label={m.home_search_chat()}
        items={tri}
        value={isChat}
        onChange={(v) => onPatch({ isChat: v })}
      />
      <Select<TriState>
        mountOnUse
        label={m.home_search_invited()}
        items={tri}
        value={isInvitation}
        onChange={(v) => onPatch({ isInvitation: v })}
      />
      <Select<TriState>
        mountOnUse
        label={m.home_search_black()}
        items={tri}
        value={isBlack}
        onChange={(v) => onPatch({ isBlack: v })}
      />
      <RangeDatePicker
        label={m.home_search_dates()}
        value={dates}
        onChange={setDates}
        onChangeUnix={(range) => onPatch({ range })}
      />
    </>
  );
});
