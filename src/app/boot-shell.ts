/**
 * Takes away the static signed-in shell the server painted before any script ran
 * (server/http/boot-shell.ts) once React has drawn the page beneath it: when the page's heading
 * is there (every screen and the sign-in pages have one), or an alert is (an error page). A page
 * that shows neither still gets its screen back a few seconds after React's first drawing.
 *
 * The service worker's copy of Home's last rows (src/app/boot-rows.ts), when it painted one, stays
 * until Home draws its own first page (Home takes it away); on any other path it goes with the frame,
 * and at the latest a few seconds after the frame.
 */
import { bootRowsOnScreen, handOverBootRows } from './boot-rows.ts';

const SAFETY_MS = 4000;

export function handOverBootShell(root: HTMLElement, doc: Document = document): void {
  const boot = doc.getElementById('boot-shell');
  const rows = bootRowsOnScreen(doc);
  // A copy made at another window width: the worker could not tell, the media query hid it.
  if (rows && doc.defaultView?.getComputedStyle(rows).display === 'none') handOverBootRows(doc);
  if (!boot && !bootRowsOnScreen(doc)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = () => {
    watch.disconnect();
    clearTimeout(timer);
    boot?.remove();
    // The copy names the path it is of; the app may have gone elsewhere (signed out, a redirect).
    if (rows?.dataset.path !== doc.location.pathname) handOverBootRows(doc);
    else setTimeout(() => handOverBootRows(doc), SAFETY_MS);
  };
  const watch = new MutationObserver(() => {
    if (root.querySelector('h1, [role="alert"]')) done();
    else timer ??= setTimeout(done, SAFETY_MS);
  });
  watch.observe(root, { childList: true, subtree: true });
}
