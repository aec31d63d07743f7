/**
 * Accessibility check for browser tests: runs axe-core in the page (evaluated through the
 * debugging protocol, so the app's Content-Security-Policy stays on) and answers the serious and
 * critical violations as text, empty when there are none.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document): Promise<AxeResult> } }).axe.run(document),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${(n as { html?: string }).html ?? ''}`).join(' ')}`,
    );
}
