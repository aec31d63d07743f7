/**
 * Editing the workspace's sample approval rules: one field per rule, empty for none, and the rules
 * as they will read stated before they are saved. The server checks each number's bounds; its
 * refusal (naming the rule) is shown here and nothing is saved.
 */
import { useState } from 'react';
import { SAMPLE_RULES, type SampleRule, type SampleRules } from '../../../contract/sample-rules.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { saveSampleRules, type SampleRulesView } from './sample-rules-api.ts';
import { ruleLabel, ruleSentence } from './sample-rules-text.ts';

const asText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function SampleRulesDialog({
  rules,
  onClose,
  onSaved,
}: {
  rules: SampleRulesView;
  onClose: () => void;
  onSaved: (rules: SampleRulesView) => void;
}) {
  const [text, setText] = useState<Record<SampleRule, string>>(
    () => Object.fromEntries(SAMPLE_RULES.map((r) => [r, asText(rules[r])])) as Record<SampleRule, string>,
  );
  const [problem, setProblem] = useState('');
  const entered = SAMPLE_RULES.filter((r) => text[r].trim() !== '' && Number.isFinite(Number(text[r])));
  const save = async () => {
    setProblem('');
    const body: SampleRules = {};
    for (const r of SAMPLE_RULES)
      body[r] = text[r].trim() === '' ? null : (text[r].trim() as unknown as number);
    try {
      const env = await saveSampleRules(body);
      if (env.code !== 200 || !env.data) {
        setProblem(`${env.msg} (${env.code})`);
        return;
      }
      onSaved(env.data);
    } catch {
      setProblem(m.sample_requests_needs_connection());
    }
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.sample_rules_title()}
      footer={<DialogFooter onCancel={onClose} onConfirm={save} confirmLabel={m.sample_rules_save()} />}
    >
      <p>{m.sample_rules_hint()}</p>
      <div className="sample-rules__fields">
        {SAMPLE_RULES.map((r) => (
          <Field
            key={r}
            label={ruleLabel[r]()}
            inputMode="decimal"
            value={text[r]}
            onChange={(v) => setText((t) => ({ ...t, [r]: v }))}
          />
        ))}
      </div>
      <div aria-live="polite">
        {entered.length ? (
          <>
            <p>{m.sample_rules_preview()}</p>
            <ul data-testid="sample-rules-preview">
              {entered.map((r) => (
                <li key={r}>{ruleSentence(r, Number(text[r]))}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>{m.sample_rules_none()}</p>
        )}
      </div>
      {problem && <InlineAlert>{problem}</InlineAlert>}
    </Dialog>
  );
}
