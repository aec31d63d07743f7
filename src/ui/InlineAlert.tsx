/**
 * A problem shown inside a form or dialog, next to what the user just did (a limit reached, names
 * that cannot be used), with what to do next and an optional action (a link the caller supplies).
 * role="alert", so a screen reader announces it when it appears.
 */
import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';

export function InlineAlert({
  children,
  hint,
  action,
}: {
  children: ReactNode;
  hint?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="cd-inline-alert" role="alert">
      <Icon name="warning" className="cd-inline-alert__icon" />
      <div className="cd-inline-alert__text">
        <span>{children}</span>
        {hint && <span className="cd-inline-alert__hint">{hint}</span>}
      </div>
      {action && <div className="cd-inline-alert__action">{action}</div>}
    </div>
  );
}
