import { avatarLetter } from './account-rules.ts';

/** The user-menu avatar: the name's first letter, digit or Chinese character, else a person glyph. */
export function Avatar({ name }: { name: string | null | undefined }) {
  const letter = avatarLetter(name);
  return (
    <span className="account-avatar" aria-hidden="true" data-testid="avatar">
      {letter ?? (
        <svg viewBox="0 0 24 24" width="18" height="18" data-testid="avatar-glyph">
          <path
            fill="currentColor"
            d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2.25c-3 0-9 1.5-9 4.5V21h18v-2.25c0-3-6-4.5-9-4.5z"
          />
        </svg>
      )}
    </span>
  );
}
