/** Edit and delete buttons of one catalogue row; a row not yet saved shows "saving" instead. */
import type { ReactNode } from 'react';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';

export interface RowActionsProps {
  /** The row's title, for the buttons' accessible names. */
  name: string;
  pending?: boolean;
  onEdit?: () => void;
  onDelete: () => void;
  /** Extra buttons before edit/delete (topics: videos, influencers). */
  children?: ReactNode;
}

export function RowActions({ name, pending, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <div className="catalog-actions">
      {children}
      {pending && <span className="catalog-pending">{m.catalog_saving()}</span>}
      {onEdit && (
        <Button
          variant="link"
          size="sm"
          isDisabled={pending}
          aria-label={m.catalog_edit_named({ name })}
          onPress={onEdit}
        >
          {m.common_edit()}
        </Button>
      )}
      <Button
        variant="link"
        size="sm"
        isDisabled={pending}
        aria-label={m.catalog_delete_named({ name })}
        onPress={onDelete}
        className="catalog-actions__delete"
      >
        {m.common_delete()}
      </Button>
    </div>
  );
}
