/**
 * Export downloads: the link is signed for one user and workspace, lives 15 minutes,
 * and stops working once that user leaves the workspace; formula-like creator text is written as a
 * plain string cell, never as something a spreadsheet runs. Both engines.
 */
import JSZip from 'jszip';
import { expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { blankCreator } from '../db/creator.repository.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { EXPORT_LINK_TTL_SECONDS, parseExportLink, signedExportPath } from './export-link.ts';

const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+cmd|calc', '-2+3', '@SUM(A1)', '\tlead', 'plain'];

describeEngines('export downloads', (t) => {
  async function seed(who: SignedIn) {
    const { db } = t().database;
    const version = await nextVersion(db, who.workspaceId);
    const rows = HOSTILE.map((name, i) => ({
      ...blankCreator(who.workspaceId, 'US', `formula_${i}`, version, now()),
      daren_name: name,
    }));
    await db.insertInto('creators').values(rows).execute();
  }

  async function exportLink(who: SignedIn): Promise<{ path: string; id: number }> {
    const created = await t().call('POST', '/blogger/download', { type: 'blogger', country: 'US' }, who);
    expect(created.code).toBe(200);
    for (let i = 0; i < 200; i++) {
      const info = await t().call('POST', '/blogger/download.info', { id: created.data.id }, who);
      if (info.data.file_path) return { path: info.data.file_path, id: created.data.id };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('export never finished');
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    t().app.inject({ method: 'GET', url, headers });

  it('serves the signed link without a header, for 15 minutes, and only to its user in that workspace', async () => {
    const admin = await t().signUp({ name: 'Owner' });
    await seed(admin);
    const team = await t().call('POST', '/team/add', { title: 'Exporters' }, admin);
    const member = await t().signUp({ name: 'Member' });
    expect((await t().call('POST', '/team/user.add', { teamId: team.data.invite_code }, member)).code).toBe(
      200,
    );

    const { path, id } = await exportLink(member);
    const link = parseExportLink(path.split('/').pop()!)!;
    expect(link.signed!.userId).toBe(member.userId);
    expect(link.signed!.expires - now()).toBeGreaterThan(EXPORT_LINK_TTL_SECONDS - 10);
    expect(link.signed!.expires - now()).toBeLessThanOrEqual(15 * 60);
    expect((await get(path)).statusCode).toBe(200);

    // Forged: another user's id, a later expiry, the bare id without a session, the file's own token.
    const [, , , sig] = /^(\d+)-(\d+)-(\d+)-(.+)$/.exec(path.split('/').pop()!)!;
    const base = '/api/v0.1/files/export';
    for (const forged of [
      `${base}/${id}-${admin.userId}-${link.signed!.expires}-${sig}`,
      `${base}/${id}-${member.userId}-${link.signed!.expires + 60}-${sig}`,
      `${base}/${id}`,
    ]) {
      const res = await get(forged);
      expect(res.statusCode, forged).toBe(404);
      expect(res.json()).toMatchObject({ code: 40004 });
    }
    const job = await t()
      .database.db.selectFrom('jobs')
      .select('file_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((await get(`${base}/${job.file_token}`)).statusCode).toBe(404);
    // With the session's token header the bare id works, for the job's owner only: anyone else
    // (a stranger, the admin of that workspace) meets the unknown file's 404, naming nothing.
    expect((await get(`${base}/${id}`, { token: member.token })).statusCode).toBe(200);
    const stranger = await t().signUp();
    expect((await get(`${base}/${id}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await get(`${base}/${id}`, { token: admin.token })).statusCode).toBe(404);

    // A genuine link signed 15 minutes ago is dead; one signed 14 minutes ago still opens.
    const signed = { id, workspace_id: admin.workspaceId, file_token: job.file_token! };
    expect((await get(signedExportPath(signed, member.userId, now() - 15 * 60))).statusCode).toBe(404);
    expect((await get(signedExportPath(signed, member.userId, now() - 14 * 60))).statusCode).toBe(200);

    // Removed from the team: the link they kept (and their token) stop working at once.
    expect((await t().call('DELETE', '/team/user.del', { userId: member.userId }, admin)).code).toBe(200);
    const after = await get(path);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({
      code: 40003,
      msg: 'You no longer work in the workspace this file belongs to',
    });
  });

  it('writes formula-like creator text as plain string cells (no formula, not t="str")', async () => {
    const seller = await t().signUp();
    await seed(seller);
    const { path } = await exportLink(seller);
    const res = await get(path);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).not.toMatch(/<f[ >]/);
    for (const text of HOSTILE.filter((s) => s !== 'plain' && !s.startsWith('\t'))) {
      const escaped = text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      // Each formula-like name sits in an inline string cell.
      const cell = new RegExp(
        `<c [^>]*t="inlineStr"[^>]*><is><r><t[^>]*>${escapeRe(escaped)}</t></r></is></c>`,
      );
      expect(sheet, text).toMatch(cell);
    }
    expect(sheet).toMatch(/<t[^>]*>\tlead<\/t>/);
  });
});

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
