/**
 * The workspace's amateur threshold (authors with fewer followers count as amateurs). Everyone
 * sees it; the personal owner or the team admin (`can_edit`) may change it.
 */
import { useEffect, useState } from 'react';
import { AMATEUR_THRESHOLD_MAX } from '../../../contract/limits.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Input.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { setThreshold, thresholdInfo } from '../topic-tracking/topic-tracking-api.ts';

export function AmateurThreshold({ onChanged }: { onChanged: () => void }) {
  const [info, setInfo] = useState<{ threshold: number; can_edit: number } | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    thresholdInfo()
      .then((r) => live && setInfo(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (!info) return null;

  async function save() {
    // Enter in the field submits the form even while Save is pending.
    if (saving) return;
    const n = Number(draft);
    if (!Number.isInteger(n) || n < 1 || n > AMATEUR_THRESHOLD_MAX) {
      toast.error(m.amateur_threshold_invalid());
      return;
    }
    setSaving(true);
    try {
      setInfo(await setThreshold(n));
      setDraft(null);
      onChanged();
    } catch {
      /* the client has shown the error */
    } finally {
      setSaving(false);
    }
  }

  if (draft !== null) {
    return (
      <form
        className="tt-threshold"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Input
          aria-label={m.amateur_threshold_label()}
          inputMode="numeric"
          value={draft}
          onChange={(e) => setDraft(e.target.value.replace(/[^\d]/g, ''))}
          autoFocus
        />
        <Button type="submit" size="sm" variant="primary" isLoading={saving}>
          {m.common_save()}
        </Button>
        <Button size="sm" onPress={() => setDraft(null)}>
          {m.common_cancel()}
        </Button>
      </form>
    );
  }
  return (
    <span className="tt-threshold" data-testid="amateur-threshold">
      {m.amateur_threshold_text({ threshold: formatNumber(info.threshold) })}
      {info.can_edit ? (
        <Button size="sm" variant="link" onPress={() => setDraft(String(info.threshold))}>
          {m.amateur_threshold_edit()}
        </Button>
      ) : null}
    </span>
  );
}
