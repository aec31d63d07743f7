/**
 * A link-styled button in the sync status that opens a titled panel with a list and a Close
 * button: the refused changes (FailedPanel) and the resolved conflicts (ConflictHistory).
 */
import type { ReactNode } from 'react';
import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';

export function SyncPopover({
  label,
  className,
  title,
  children,
}: {
  label: string;
  className: string;
  title: string;
  /** The panel's content; `close` shuts the panel (an item that navigates away calls it). */
  children: (close: () => void) => ReactNode;
}) {
  return (
    <DialogTrigger>
      <Button variant="link" size="sm" className={className}>
        {label}
      </Button>
      <Popover className="cd-popover cd-sync__panel" placement="bottom end" offset={6}>
        <Dialog aria-label={title}>
          {({ close }) => (
            <>
              <Heading slot="title" className="cd-sync__title">
                {title}
              </Heading>
              {children(close)}
              <Button size="sm" variant="text" onPress={close}>
                {m.sync_close()}
              </Button>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
