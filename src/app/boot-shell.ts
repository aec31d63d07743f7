/**
 * Takes away the static signed-in shell the server painted before any script ran
 * (server/http/boot-shell.ts) once React has drawn the page beneath it: when the page's heading
 * is there (every screen and the sign-in pages have one), or an alert is (an error page). A page
 * that shows neither still gets its screen back a few seconds after React's first drawing.
 */
const SAFETY_MS = 4000;

export function handOverBootShell(root: HTMLElement, doc: Document = document): void {
  const boot = doc.getElementById('boot-shell');
  if (!boot) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = () => {
    watch.disconnect();
    clearTimeout(timer);
    boot.remove();
  };
  const watch = new MutationObserver(() => {
    if (root.querySelector('h1, [role="alert"]')) done();
    else timer ??= setTimeout(done, SAFETY_MS);
  });
  watch.observe(root, { childList: true, subtree: true });
}
