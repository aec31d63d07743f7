/** The toolbar popup: pairing, the collect switches, and what was collected. */
import { normalizeServer } from '../worker/api.ts';
import type { PopupState, Request } from '../shared/messages.ts';

const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;
const ask = <T>(msg: Request): Promise<T> => chrome.runtime.sendMessage(msg) as Promise<T>;

/** The worker reaches 127.0.0.1 by the manifest; any other server needs the user's grant. */
export function needsGrant(server: string): boolean {
  return new URL(server).hostname !== '127.0.0.1';
}

function render(s: PopupState): void {
  const paired = s.link === 'ok';
  $('pairing').hidden = paired;
  $('paired').hidden = !paired;
  $('reconnect').hidden = s.link !== 'reconnect';
  if (s.server && !$<HTMLInputElement>('server').value) $<HTMLInputElement>('server').value = s.server;
  $('who').textContent = paired ? `Connected to ${s.workspace_name} as ${s.member_name} (${s.server})` : '';
  $<HTMLInputElement>('harvest-search').checked = s.settings.harvest.search;
  $<HTMLInputElement>('harvest-profile').checked = s.settings.harvest.profile;
  const videos = s.counts.videos ? `, ${s.counts.videos} ${s.counts.videos === 1 ? 'video' : 'videos'}` : '';
  $('counts').textContent =
    `${s.counts.seen} seen, ${s.counts.created} new, ${s.counts.updated} updated${videos}`;
  $('queued').textContent = s.queued
    ? `${s.queued} batch${s.queued === 1 ? '' : 'es'} waiting for the server`
    : '';
  $('last-error').textContent = s.lastError;
}

const refresh = async () => render(await ask<PopupState>({ type: 'state' }));

$('pair-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const server = normalizeServer($<HTMLInputElement>('server').value);
  const error = $('pair-error');
  if (!server) {
    error.textContent = 'Enter the CreatorDesk address, e.g. http://127.0.0.1:5180.';
    return;
  }
  // chrome.permissions.request must run in the click's own task (a user gesture), before any await.
  const granted = needsGrant(server)
    ? chrome.permissions.request({ origins: [`${server}/*`] })
    : Promise.resolve(true);
  error.textContent = '';
  void granted.then(async (ok) => {
    if (!ok) {
      error.textContent = `CreatorDesk needs your permission to reach ${server}.`;
      return;
    }
    const r = await ask<{ ok: boolean; error?: string }>({
      type: 'pair',
      server,
      code: $<HTMLInputElement>('code').value,
      name: $<HTMLInputElement>('name').value.trim() || undefined,
    });
    if (!r.ok) error.textContent = r.error ?? 'Pairing failed.';
    else $<HTMLInputElement>('code').value = '';
    await refresh();
  });
});

for (const page of ['search', 'profile'] as const)
  $<HTMLInputElement>(`harvest-${page}`).addEventListener('change', (e) => {
    const on = (e.target as HTMLInputElement).checked;
    void ask<PopupState>({ type: 'settings', settings: { harvest: { [page]: on } } }).then(render);
  });
$('retry').addEventListener('click', () => void ask<PopupState>({ type: 'retry' }).then(render));
$('unpair').addEventListener('click', () => void ask<PopupState>({ type: 'unpair' }).then(render));

chrome.storage.onChanged.addListener(() => void refresh());
void refresh();
