/**
 * Enter in a dialog's text field saves the dialog, as a one-field form does natively. The browser
 * submits a form on Enter only when it has a submit button or a single text field; our dialogs keep
 * their Save button in the footer, outside the form, so a dialog of several fields ignored Enter.
 * Left alone: a key another control already handled (a select's popup, a date picker), a textarea
 * (Enter is a new line), buttons and boxes (Enter presses them), and a key that ends an IME
 * composition (zh-cn input methods confirm a word with Enter).
 */
export interface EnterKey {
  key: string;
  defaultPrevented: boolean;
  isComposing: boolean;
  target: { tagName?: string; type?: string } | null;
}

const NOT_TEXT = new Set([
  'button',
  'submit',
  'reset',
  'checkbox',
  'radio',
  'file',
  'image',
  'range',
  'color',
]);

export function savesOnEnter(e: EnterKey): boolean {
  if (e.key !== 'Enter' || e.defaultPrevented || e.isComposing) return false;
  if (e.target?.tagName !== 'INPUT') return false;
  return !NOT_TEXT.has((e.target.type ?? 'text').toLowerCase());
}
