import type { Page } from 'playwright-core';

/**
 * The ledger's net in cents once it shows its total; until then what the ledger panel shows in its
 * place (the "show" button not yet pressed, loading, offline, no plan), without its title and
 * sample line, and which element has the focus, so a poll that runs out names the state it was left
 * in within the first words of its message. Read in the page, without Playwright's own wait.
 */
export function ledgerNetOrState(page: Page): Promise<number | string> {
  return page.evaluate(() => {
    const total = document.querySelector('[data-testid="ledger-total"]');
    if (total) return Number(total.getAttribute('data-net-cents'));
    const panel = document.querySelector('[data-testid="ledger"]')?.cloneNode(true) as
      HTMLElement | undefined;
    if (!panel) return 'no ledger panel';
    panel.querySelectorAll('h2, [data-testid="sample-funnel"]').forEach((e) => e.remove());
    const focus = document.activeElement;
    return `${panel.textContent ?? ''} (focus: ${focus?.tagName ?? 'none'} ${focus?.textContent?.slice(0, 30) ?? ''})`;
  });
}
