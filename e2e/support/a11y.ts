import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.2 AA rule sets of axe-core the console keeps free of violations. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One line per violation: rule, impact, how many nodes, the first targets. */
function violationLines(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  );
}

/**
 * Runs axe-core with the WCAG 2.2 AA tags on the page (or only inside `include`, e.g. an open
 * dialog) and fails listing every violation. Waits for lists to finish loading and for dialog
 * transitions to end first, so the colours checked are the final ones. `soft`: the test goes on and
 * fails at its end, so one run lists the violations of every page it visits.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  { include, soft = false }: { include?: string; soft?: boolean } = {},
): Promise<void> {
  await expect(page.getByText('Fetching data...')).toHaveCount(0);
  // MUI's enter transitions animate opacity; contrast is measured on the settled page
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.MuiDialog-container, .MuiPopover-paper, .MuiBackdrop-root')).every(
      (el) => getComputedStyle(el).opacity === '1' || getComputedStyle(el).visibility === 'hidden',
    ),
  );
  // and no colour is caught halfway through a transition (a button turning from disabled to
  // enabled as its data arrives): every finite animation and transition has ended
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // Only the violations are read: axe then details one node of each passing rule, not every one
  // (`options` replaces every option, so it comes before the tags). axe runs in the page itself
  // (legacy mode) rather than merging per-frame results in a new blank page: the console has no
  // cross-origin frame, and each check takes a third of the time.
  let builder = new AxeBuilder({ page })
    // Label in Name (WCAG 2.5.3) is an experimental rule of axe-core, off unless asked for
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  (soft ? expect.soft : expect)(violationLines(result.violations), `axe-core on ${what}`).toEqual([]);
}

/** Sets the console's theme mode for the next load (the preference kept in localStorage). */
export async function setThemeMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.evaluate((m) => localStorage.setItem('themeMode', m), mode);
}

/** The paths of the sidebar's links, in order (read from the DOM: on a phone the sidebar is closed). */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const links = page.locator('nav[aria-label="Main"] a');
  await expect(links.first()).toBeAttached();
  // the areas the organization enables come once it is known: the sidebar is busy until then
  await expect(page.locator('nav[aria-label="Main"]').first()).not.toHaveAttribute('aria-busy', 'true');
  const paths = await links.evaluateAll((links) =>
    links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
  );
  return [...new Set(paths)];
}
