import { m } from '../paraglide/messages.js';

/** Copyright with the current year. */
export function Footer() {
  return (
    <footer className="app-footer">
      {m.app_footer_copyright({ year: String(new Date().getFullYear()) })}
    </footer>
  );
}
