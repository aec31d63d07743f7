/**
 * A screen's "Download" button: opens the export dialog for its type(s) (Home: all seven, with the
 * job list; Invited, Blacklist, Amateurs: their own type), which states the row count and the
 * plan's cap before anything starts. The dialog (and the export calls with their schemas) loads when
 * the button is pressed, not with the screen (the /home JS budget).
 */
import { lazy, Suspense, useState } from 'react';
import type { Country, DownloadType } from '../../../contract/constants.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';

const ExportDialog = lazy(() => import('./ExportDialog.tsx').then((mod) => ({ default: mod.ExportDialog })));

export function ExportButton({
  types,
  country,
  label,
  withJobs,
}: {
  types: readonly DownloadType[];
  country: Country;
  label: string;
  withJobs?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" icon={<Icon name="download" />} onPress={() => setOpen(true)}>
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog
            title={label}
            country={country}
            types={types}
            withJobs={withJobs}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
