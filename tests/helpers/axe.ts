/**
 * axe-core in a real page: the audit the a11y browser test runs. The library is evaluated in the
 * page through the DevTools protocol (the page's CSP forbids injected script tags) and run with its
 * default rules (WCAG 2.0–2.2 A/AA plus best practices); violations of impact serious or critical
 * are what the test refuses.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** Selectors of the failing elements (at most 5) and the first one's summary. */
  targets: string[];
  summary: string;
  /** The first failing element's markup (axe's excerpt), to find where it comes from. */
  html: string;
}

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string; html?: string }[];
  }[];
}

/** The serious and critical violations axe finds in the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  const found = await auditOnce(page);
  // A fade that begins while axe runs (a toast leaving after its 3 s) reads as a contrast failure
  // of that element; it has ended by a second look, while a real violation is still there.
  return found.length ? auditOnce(page) : found;
}

async function auditOnce(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // A dialog or popover fades in (data-entering, ~150 ms): audited mid-fade, its text blends into
  // the backdrop and reads as a contrast failure. Wait for every finite animation to end first
  // (spinners loop forever and are left alone).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }).axe;
    // Only violations are read; skipping the passes' details makes a run on a full grid much faster.
    return (await axe.run(document, { resultTypes: ['violations'] })) as AxeResult;
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      html: (v.nodes[0]?.html ?? '').slice(0, 300),
    }));
}

/** Landmark and heading structure every page must have: one main, one h1, a skip link first. */
export async function pageStructure(page: Page) {
  return page.evaluate(() => ({
    mains: document.querySelectorAll('main, [role="main"]').length,
    h1s: [...document.querySelectorAll('h1')].filter((h) => h.getClientRects().length > 0).length,
    firstFocusable: (() => {
      const el = document.querySelector<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
      );
      return el
        ? { tag: el.tagName.toLowerCase(), href: el.getAttribute('href'), text: el.textContent?.trim() }
        : null;
    })(),
  }));
}

/**
 * What has keyboard focus now, and whether an outline of at least 2 px marks it (on the element
 * or, for inputs drawn inside a wrapper such as the date range's segments, on one of its three
 * nearest ancestors).
 */
export async function focusMark(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', outlined: false };
    let outlined = false;
    let node: HTMLElement | null = el;
    for (let i = 0; node && i < 4 && !outlined; i++, node = node.parentElement) {
      const cs = getComputedStyle(node);
      outlined = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
    }
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return {
      what: `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${name}"`,
      outlined,
    };
  });
}
