/**
 * The API base address: same origin on localhost or an IP (the embedded default),
 * otherwise `api.` + the current host; `VITE_API_BASE` overrides both: an origin, or `self` for the
 * app's own origin on any host (the team install behind one proxy, docs/hosting.md).
 * Used by the UI client and by the workers, so it reads only `location` and the build-time env.
 */
export function apiOrigin(
  loc: { protocol: string; hostname: string; host: string; origin: string } = location,
): string {
  const override = import.meta.env?.VITE_API_BASE as string | undefined;
  if (override === 'self') return loc.origin;
  if (override) return override.replace(/\/$/, '');
  const h = loc.hostname;
  const isLocal =
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    /^[\d.]+$/.test(h) ||
    h.includes(':') ||
    h.startsWith('[');
  if (isLocal) return loc.origin;
  return `${loc.protocol}//api.${loc.host}`;
}
