/**
 * "Record a video": paste a TikTok video link, choose the plan it is for (or none, then the
 * country). The link is checked on the device with the server's own rules, then sent; the answer
 * says whether the creator's sample moved to "content posted". Nothing is claimed before the server
 * has accepted the record; offline, the form says it needs a connection.
 */
import { useState, type FormEvent } from 'react';
import { COUNTRIES, DEFAULT_COUNTRY, type Country } from '../../../contract/constants.ts';
import { isVideoLink, parseVideoLink } from '../../../contract/tiktok-link.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { isApiError } from '../../api/errors.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { Field } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import { syncNow } from '../../workers/sync-client.ts';
import { pasteContent } from './content-api.ts';
import { linkProblem } from './content-rules.ts';

const NO_PLAN = 'none';
const isCountry = (c: unknown): c is Country => (COUNTRIES as readonly unknown[]).includes(c);

export function PasteContentForm({
  plans,
  onRecorded,
}: {
  plans: RowOf<'plans'>[];
  onRecorded?: () => void;
}) {
  const [link, setLink] = useState('');
  const [planKey, setPlanKey] = useState<string>(NO_PLAN);
  const [country, setCountry] = useState<Country>(DEFAULT_COUNTRY);
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState('');
  const [busy, setBusy] = useState(false);
  const plan = plans.find((p) => String(p.id) === planKey);
  const shownCountry = plan && isCountry(plan.country) ? plan.country : country;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return; // Enter in the field while the call runs
    setOutcome('');
    const parsed = parseVideoLink(link);
    if (!isVideoLink(parsed)) {
      setError(linkProblem(parsed));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const res = await pasteContent({ country: shownCountry, link, planId: plan ? plan.id : 0 });
      setOutcome(
        res.already
          ? m.ledger_paste_already({ handle: res.handle })
          : res.moved
            ? m.ledger_paste_moved({ handle: res.handle })
            : m.ledger_paste_recorded({ handle: res.handle }),
      );
      setLink('');
      void syncNow().catch(() => undefined);
      onRecorded?.();
    } catch (err) {
      setError(isApiError(err) && err.kind === 'code' ? err.message : m.ledger_needs_connection());
    } finally {
      setBusy(false);
    }
  };

  const planItems = [
    { id: NO_PLAN, label: m.ledger_paste_no_plan() },
    ...plans.map((p) => ({ id: String(p.id), label: `${p.name} · ${p.country}` })),
  ];
  return (
    <form className="ledger-paste" onSubmit={(e) => void submit(e)} aria-label={m.ledger_paste_title()}>
      <h2 className="ledger-heading">{m.ledger_paste_title()}</h2>
      <div className="ledger-paste__fields">
        <Field
          label={m.ledger_paste_link()}
          description={m.ledger_paste_link_hint()}
          value={link}
          onChange={(v) => {
            setLink(v);
            setError(undefined);
          }}
          errorMessage={error}
          maxLength={1000}
          className="ledger-paste__link"
          type="url"
        />
        <Select label={m.ledger_paste_plan()} items={planItems} value={planKey} onChange={setPlanKey} />
        {!plan && <CountrySelect value={country} onChange={setCountry} />}
      </div>
      <Button type="submit" variant="primary" isLoading={busy}>
        {m.ledger_paste_submit()}
      </Button>
      <p role="status" className="ledger-outcome" data-testid="ledger-outcome">
        {outcome}
      </p>
    </form>
  );
}
