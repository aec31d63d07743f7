/**
 * "Export plan ledger (XLSX)" on the plan screen: every creator's ledger lines of the plan in one
 * file, read from the server (docs/decisions/plans.md, "The ledger"). Offline or refused, a toast
 * says it needs a connection; no file is written from figures the server did not give.
 */
import { useState } from 'react';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { toast } from '../../ui/toast-queue.ts';

export function PlanLedgerExport({ planId, planName }: { planId: number; planName: string }) {
  const [busy, setBusy] = useState(false);
  const onPress = async () => {
    setBusy(true);
    try {
      const { exportLedger } = await import('./ledger-export.ts');
      await exportLedger({ plan_id: planId }, planName);
    } catch {
      toast.error(m.ledger_export_failed());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" icon={<Icon name="download" />} onPress={() => void onPress()} isLoading={busy}>
      {m.ledger_export_plan()}
    </Button>
  );
}
