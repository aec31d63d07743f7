/**
 * The MV3 service worker: wires chrome.* to the logic in core.ts. Listeners are registered at the
 * top level, synchronously, so a worker woken by a message or an alarm finds them; replies are
 * asynchronous, so onMessage returns true.
 */
import { z } from 'zod';
import type { Request, StatusChanged } from '../shared/messages.ts';
import { createCore } from './core.ts';

// Zod probes `new Function` to decide whether to compile validators; extension pages forbid eval.
z.config({ jitless: true });

const RETRY_ALARM = 'creatordesk-retry';
let timer: ReturnType<typeof setTimeout> | undefined;

const core = createCore({
  store: chrome.storage.local,
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  uuid: () => crypto.randomUUID(),
  broadcast: (msg: StatusChanged) => {
    void chrome.tabs.query({}).then((tabs) => {
      for (const t of tabs) if (t.id !== undefined) chrome.tabs.sendMessage(t.id, msg).catch(() => undefined);
    });
  },
  selfOrigin: new URL(chrome.runtime.getURL('/')).origin,
  wakeIn: (ms) => {
    // While the worker lives a timer retries soon; if it stops first, the alarm wakes it (≥ 30 s).
    clearTimeout(timer);
    timer = setTimeout(() => void core.flush(), ms);
    void chrome.alarms.create(RETRY_ALARM, { delayInMinutes: 0.5 });
  },
});

chrome.runtime.onMessage.addListener((msg: Request, sender, sendResponse) => {
  // Only this extension's own pages and content scripts talk to it.
  if (sender.id !== chrome.runtime.id) return false;
  core
    .handle(msg)
    .then(sendResponse)
    .catch((e: unknown) => sendResponse({ error: e instanceof Error ? e.message : String(e) }));
  return true;
});

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === RETRY_ALARM) void core.flush();
});

chrome.runtime.onStartup.addListener(() => void core.flush());

// A worker that starts (after an idle stop, too) delivers whatever waits.
void core.flush();
