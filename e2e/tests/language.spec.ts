import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { consoleSignIn } from '../support/api';
import { navigateInApp } from '../support/console';
import { addButtonTexts, closeDialog, openAddDialog } from '../support/forms';

/**
 * Every page of the sidebar, in German and in Spanish, and the dialog of its "Add" / "Create" header
 * button, shows no missing key and no English word outside proper names and data. English words are
 * those of the English catalogs that the language's own catalogs never use; a page's visible text may
 * hold none of them, nor a line that is an English catalog text whose translation differs.
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

/**
 * English catalog texts whose translation in `language` differs (and that the language never uses
 * itself): a visible line equal to one of them is a text the console did not translate.
 */
function englishOnlyTexts(language: string): Set<string> {
  const texts = new Set<string>();
  const own = new Set<string>();
  const flat = (tree: Tree, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`),
    );
  const pairs: [string, string][] = [];
  for (const f of fs.readdirSync(path.join(LOCALES, 'en')).filter((f) => f.endsWith('.json'))) {
    const read = (l: string) => JSON.parse(fs.readFileSync(path.join(LOCALES, l, f), 'utf8')) as Tree;
    const theirs = new Map(flat(read(language)));
    for (const v of theirs.values()) own.add(v);
    for (const [key, en] of flat(read('en'))) {
      const other = theirs.get(key);
      if (other !== undefined && other !== en) pairs.push([en, other]);
    }
  }
  for (const [en] of pairs) if (!own.has(en) && !en.includes('{') && /\p{L}{4,}/u.test(en)) texts.add(en);
  return texts;
}

/** The visible lines of a text equal to an English-only catalog text (a required field's "*" aside). */
const englishLines = (text: string, english: Set<string>) =>
  text
    .split('\n')
    .map((l) => l.replace(/[\s\u2009]*\*$/, '').trim())
    .filter((l) => english.has(l) && !ALLOWED.has(l.toLowerCase()));

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

async function englishOn(
  page: Page,
  english: Set<string>,
  texts: Set<string>,
  within = 'body',
): Promise<string[]> {
  // an open dialog hides the page (and its heading) from the accessibility tree
  if (within === 'body') await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect(page.locator(within).first().getByRole('progressbar'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
  // a template's variables ({{user_name}}) and identifiers (event types, in code) are the product's own
  const text = (await page.locator(within).first().innerText()).replace(/\{\{[^}]*\}\}/g, ' ');
  // what other tests created is data, not the console's words: table cells, chosen options, the
  // doors of a locker wall and the places on Fleet health
  const data = wordsOf(
    (
      await page
        .locator(
          '.MuiDataGrid-cell, .MuiTableCell-body, .MuiSelect-select, [role="gridcell"], [data-testid="fleet-place"] h3, code',
        )
        .allInnerTexts()
    ).join(' '),
  );
  return [
    ...[...wordsOf(text)].filter((w) => english.has(w) && !ALLOWED.has(w) && !data.has(w)),
    ...englishLines(text, texts).map((l) => JSON.stringify(l)),
  ];
}

/**
 * Opens the page's "Add" / "Create" dialog (a contained button with the add icon), answers the
 * English in it, and closes it again; nothing when the page has no such button.
 */
async function englishInAddDialog(
  page: Page,
  english: Set<string>,
  texts: Set<string>,
  addTexts: Set<string>,
): Promise<string[] | null> {
  if (!(await openAddDialog(page, addTexts))) return null;
  const words = await englishOn(page, english, texts, '[role="dialog"]');
  await closeDialog(page);
  return words;
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
      const texts = englishOnlyTexts(language);
      const addTexts = addButtonTexts(language);
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
      const dialogs: string[] = [];
      const stillEnglish: string[] = [];
      for (const p of paths) {
        // the missing keys of this page only: the list is the catalog's own, kept across pages
        await page.evaluate(() => {
          (window as { __i18nMissing?: string[] }).__i18nMissing?.splice(0);
        });
        await navigateInApp(page, p);
        const words = await englishOn(page, english, texts);
        const missing = await page.evaluate(
          () => (window as { __i18nMissing?: string[] }).__i18nMissing ?? [],
        );
        if (missing.length) failures.push(`${p}: missing keys ${missing.join(', ')}`);
        if (NOT_YET_MIGRATED.has(p)) {
          if (words.length) stillEnglish.push(p);
          continue;
        }
        if (words.length) failures.push(`${p}: English ${words.slice(0, 12).join(', ')}`);
        const inDialog = await englishInAddDialog(page, english, texts, addTexts);
        if (inDialog !== null) dialogs.push(p);
        if (inDialog?.length) failures.push(`${p} (add dialog): English ${inDialog.slice(0, 12).join(', ')}`);
      }
      expect(failures).toEqual([]);
      // the lists with an "Add" dialog were opened (Devices, Sizes, Locations, Users, … at least)
      expect(dialogs.length).toBeGreaterThan(8);
      // a listed page that now passes must leave the list
      expect([...NOT_YET_MIGRATED].filter((p) => paths.includes(p) && !stillEnglish.includes(p))).toEqual([]);
    });
  });
}
