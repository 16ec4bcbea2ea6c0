import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { consoleSignIn } from '../support/api';
import { navigateInApp } from '../support/console';

/**
 * Every page of the sidebar, in German and in Spanish, shows no missing
 * key and no English word outside proper names and data. English words are those of the English
 * catalogs that the language's own catalogs never use; a page's visible text may hold none of them.
 * Pages whose area is not in the catalogs yet are listed below: the list only shrinks (a listed page
 * that passes fails the test until it leaves the list).
 */

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

type Tree = { [key: string]: string | Tree };
const valuesOf = (tree: Tree): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : valuesOf(v)));
const wordsOf = (text: string) => new Set((text.match(/\p{L}{3,}/gu) ?? []).map((w) => w.toLowerCase()));
const catalogWords = (language: string) =>
  wordsOf(
    fs
      .readdirSync(path.join(LOCALES, language))
      .filter((f) => f.endsWith('.json') && f !== 'errors.json')
      .flatMap((f) => valuesOf(JSON.parse(fs.readFileSync(path.join(LOCALES, language, f), 'utf8')) as Tree))
      .join(' '),
  );

/** Names and data the seed and the product show as they are. */
const ALLOWED = new Set([
  'lockerops',
  'demo',
  'org',
  'admin',
  'test',
  'api',
  'apis',
  'csv',
  'widgets',
  'apps',
  'app',
  // product names of the Integrations page's cards ("Send", "Service Now")
  'send',
  'service',
  'now',
]);

/** Sidebar pages whose area is not migrated to the catalogs yet (paths): none now; the list only shrinks. */
const NOT_YET_MIGRATED = new Set<string>([]);

async function englishOn(page: Page, english: Set<string>): Promise<string[]> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect(page.getByRole('progressbar'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
  const text = await page.locator('body').innerText();
  // what other tests created is data, not the console's words: table cells, chosen options, the
  // doors of a locker wall and the places on Fleet health
  const data = wordsOf(
    (
      await page
        .locator(
          '.MuiDataGrid-cell, .MuiTableCell-body, .MuiSelect-select, [role="gridcell"], [data-testid="fleet-place"] h3',
        )
        .allInnerTexts()
    ).join(' '),
  );
  return [...wordsOf(text)].filter((w) => english.has(w) && !ALLOWED.has(w) && !data.has(w));
}

for (const [language, locale] of [
  ['de', 'de-DE'],
  ['es', 'es-ES'],
] as const) {
  test.describe(`the console in ${locale}`, () => {
    test.use({ locale, timezoneId: 'Europe/Berlin' });

    test('every sidebar page: no missing key, no English word', async ({ page }) => {
      test.setTimeout(300_000);
      const own = catalogWords(language);
      const english = new Set([...catalogWords('en')].filter((w) => !own.has(w)));
      await consoleSignIn(page);
      await page.goto('/home');
      await page.getByRole('navigation').first().waitFor();
      const paths = await page
        .getByRole('navigation')
        .first()
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(paths.length).toBeGreaterThan(5);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);

      const failures: string[] = [];
      const stillEnglish: string[] = [];
      for (const p of paths) {
        // the missing keys of this page only: the list is the catalog's own, kept across pages
        await page.evaluate(() => {
          (window as { __i18nMissing?: string[] }).__i18nMissing?.splice(0);
        });
        await navigateInApp(page, p);
        const words = await englishOn(page, english);
        const missing = await page.evaluate(
          () => (window as { __i18nMissing?: string[] }).__i18nMissing ?? [],
        );
        if (missing.length) failures.push(`${p}: missing keys ${missing.join(', ')}`);
        if (NOT_YET_MIGRATED.has(p)) {
          if (words.length) stillEnglish.push(p);
          continue;
        }
        if (words.length) failures.push(`${p}: English ${words.slice(0, 12).join(', ')}`);
      }
      expect(failures).toEqual([]);
      // a listed page that now passes must leave the list
      expect([...NOT_YET_MIGRATED].filter((p) => paths.includes(p) && !stillEnglish.includes(p))).toEqual([]);
    });
  });
}
