/**
 * Live team in a real browser: two members of one team (the member joined with the
 * invite code), each in their own profile. Member B keeps Home open and never touches it; admin A
 * adds creators through the ingest API and marks one chatted; B's grid shows the new creators and
 * then the flag without a reload, carried by the live-update stream (the 30 s timer would be too
 * late for the deadlines used here). The sync status says the stream is live in both locales.
 * Then both edit one chat template offline and reconnect, in either order: the later one is told
 * who changed it first in their own language, sees both texts, and either saves theirs over it or
 * keeps the teammate's; nothing is lost and both screens agree without a reload.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, runServiceWorker, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { creatorsArriveLive, templateConflict } from '../helpers/live-scenario.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

// Tests here go offline after a first visit: their profiles run the app's service worker.
runServiceWorker();

const PASSWORD = 'Secret#2026';
const stamp = Date.now();
const HANDLES = [1, 2, 3].map((i) => `live_${stamp % 100000}_${i}`);

let admin: ApiSession;
let member: ApiSession;
let memberPage: Page;
let adminPage: Page;
const errors: string[][] = [];

async function pageFor(session: ApiSession, locale: 'zh-CN' | 'en-US'): Promise<Page> {
  const ctx = await newContext(suite.browser, suite.server.url, locale);
  await useSession(ctx, suite.server.url, session);
  const page = await ctx.newPage();
  errors.push(trackErrors(page));
  return page;
}

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  admin = await registerEmail(url, `live-admin${stamp}@example.com`, PASSWORD);
  const team = await callApi<{ invite_code: string }>(url, admin.token, 'POST', '/team/add', {
    title: 'Live crew',
  });
  member = await registerEmail(url, `live-member${stamp}@example.com`, PASSWORD);
  await callApi(url, member.token, 'POST', '/team/user.add', { teamId: team.invite_code });
  memberPage = await pageFor(member, 'en-US');
  adminPage = await pageFor(admin, 'zh-CN');
});

async function ingest(creators: { unique_id: string; daren_name: string }[]): Promise<void> {
  const res = await fetch(`${suite.server.url}/api/v0.1/blogger/ingest?language=en-us`, {
    method: 'POST',
    headers: {
      token: admin.token,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ country: 'US', creators }),
  });
  const body = (await res.json()) as { code: number; data: { created: number } };
  expect(body.code).toBe(200);
  expect(body.data.created).toBe(creators.length);
}

describe('live team', () => {
  it('member B sees the stream live on an untouched Home (en-us), admin A in zh-cn', async () => {
    await memberPage.goto('/home');
    await memberPage.getByRole('status', { name: 'Sync status' }).getByText('Up to date').waitFor();
    await memberPage.locator('[data-live="live"]').getByText('Live', { exact: true }).waitFor();
    await adminPage.goto('/home');
    await adminPage.locator('[data-live="live"]').getByText('实时', { exact: true }).waitFor();
  });

  it("A's ingested creators, then A's flag change, appear on B's grid without a reload", async () => {
    await creatorsArriveLive({
      watcher: memberPage,
      handles: HANDLES,
      ingest: () => ingest(HANDLES.map((h, i) => ({ unique_id: h, daren_name: `Live ${i + 1}` }))),
      markChatted: (handle) =>
        callApi(suite.server.url, admin.token, 'PUT', '/blogger/edit', {
          country: 'US',
          bloggers: [handle],
          isChat: 1,
        }),
    });
    expect(errors.flat()).toEqual([]);
  });

  it('both edit one template offline; the later one decides in their language, nothing is lost', async () => {
    const title = `Live greeting ${stamp % 1000}`;
    await templateConflict({
      a: { page: adminPage, name: `live-admin${stamp}` },
      b: { page: memberPage, name: `live-member${stamp}` },
      title,
      addTemplate: (content) =>
        callApi(suite.server.url, admin.token, 'POST', '/chattmp/add', { country: 'US', title, content }),
      serverText: async () => {
        const list = await callApi<{ title: string; content: string }[]>(
          suite.server.url,
          admin.token,
          'POST',
          '/chattmp/lists',
          { country: 'US', title },
        );
        return list.find((r) => r.title === title)?.content;
      },
    });
    expect(errors.flat()).toEqual([]);
  });
});
