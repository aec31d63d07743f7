/** The static shell's menu, titles and paths stay those of the app (src/app/route-table.ts). */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS, TOP_MENU } from './route-table.ts';
import { BOOT_MENU, BOOT_PATHS, bootShellFile } from '../../scripts/boot-shell.ts';

const en = JSON.parse(fs.readFileSync('messages/en-us.json', 'utf8')) as Record<string, string>;
const zh = JSON.parse(fs.readFileSync('messages/zh-cn.json', 'utf8')) as Record<string, string>;

describe('boot shell', () => {
  it('lists the top menu in the app’s order with the app’s labels', () => {
    expect(BOOT_MENU.map((e) => e.path)).toEqual(TOP_MENU.map((e) => e.path));
    expect(BOOT_MENU.map((e) => en[e.label])).toEqual(TOP_MENU.map((e) => e.label()));
  });

  it('covers exactly the paths that need a session', () => {
    expect([...BOOT_PATHS].sort()).toEqual([...AUTH_PATHS].sort());
  });

  it('escapes message text and marks the active entry', () => {
    const file = bootShellFile({ 'en-us': { ...en, app_title_home: 'A <b>&</b>' }, 'zh-cn': zh });
    expect(file.html['en-us']['/home']).toContain('<div class="boot-title">A &lt;b&gt;&amp;&lt;/b&gt;</div>');
    expect(file.html['zh-cn']['/tag']).toContain(`<li class="is-active">${zh.app_menu_tag}</li>`);
    expect(file.html['en-us']['']).not.toContain('class="is-active"');
  });
});
