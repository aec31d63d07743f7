/** The Home toolbar's Import button; the dialog (and its worker) exists only while open. */
import { lazy, Suspense, useState } from 'react';
import type { Country } from '../../../contract/constants.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';

const ImportDialog = lazy(() => import('./ImportDialog.tsx').then((x) => ({ default: x.ImportDialog })));

export function ImportButton({ country }: { country: Country }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onPress={() => setOpen(true)}>
        {m.import_button()}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog country={country} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
