/**
 * The amateur list's search row: country, creator name, topic (challenge) and the search button.
 * The text fields are drafts until Search (or Enter) applies them; the country applies at once.
 */
import { useState } from 'react';
import type { Country } from '../../../contract/constants.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { Input } from '../../ui/Input.tsx';

export interface AmateurFilterValue {
  country: Country;
  name: string;
  challenge: string;
}

export function AmateurFilters({
  value,
  onChange,
}: {
  value: AmateurFilterValue;
  onChange: (v: AmateurFilterValue) => void;
}) {
  const [name, setName] = useState(value.name);
  const [challenge, setChallenge] = useState(value.challenge);
  const apply = () => onChange({ ...value, name: name.trim(), challenge: challenge.trim() });
  const reset = () => {
    setName('');
    setChallenge('');
    onChange({ ...value, name: '', challenge: '' });
  };
  return (
    <form
      className="tt-toolbar"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <CountrySelect value={value.country} onChange={(country) => onChange({ ...value, country })} />
      <Input
        label={m.amateur_search_name()}
        placeholder={m.amateur_search_name_hint()}
        value={name}
        maxLength={255}
        onChange={(e) => setName(e.target.value)}
      />
      <Input
        label={m.amateur_search_challenge()}
        placeholder={m.amateur_search_challenge_hint()}
        value={challenge}
        maxLength={255}
        onChange={(e) => setChallenge(e.target.value)}
      />
      <Button type="submit" variant="primary">
        {m.common_search()}
      </Button>
      <Button onPress={reset}>{m.common_reset()}</Button>
    </form>
  );
}
