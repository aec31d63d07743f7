/**
 * The Home toolbar's Import button; the dialog (and its worker) exists only while open. Its first
 * field says what the file holds: creators (ImportDialog.tsx) or content (ContentImportDialog.tsx).
 */
import { lazy, Suspense, useState } from 'react';
import type { Country } from '../../../contract/constants.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import type { ImportKind } from './ImportKindSelect.tsx';

const ImportDialog = lazy(() => import('./ImportDialog.tsx').then((x) => ({ default: x.ImportDialog })));
const ContentImportDialog = lazy(() =>
  import('./ContentImportDialog.tsx').then((x) => ({ default: x.ContentImportDialog })),
);

export function ImportButton({ country }: { country: Country }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ImportKind>('creators');
  const close = () => setOpen(false);
  return (
    <>
      <Button size="sm" onPress={() => setOpen(true)}>
        {m.import_button()}
      </Button>
      {open && (
        <Suspense fallback={null}>
          {kind === 'content' ? (
            <ContentImportDialog country={country} onKind={setKind} onClose={close} />
          ) : (
            <ImportDialog country={country} onKind={setKind} onClose={close} />
          )}
        </Suspense>
      )}
    </>
  );
}
