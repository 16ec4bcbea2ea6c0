import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

type Tree = { [key: string]: string | Tree };
const at = (tree: Tree, key: string): string | undefined => {
  let node: string | Tree | undefined = tree;
  for (const k of key.split('.')) node = typeof node === 'object' ? node[k] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** Catalog keys of the lists' "Add" / "Create" header buttons. */
const ADD_KEYS = [
  'action.add',
  'action.create',
  'add',
  'list.createDelivery',
  'webhooks.add',
  'reports.createReport',
];

/** The texts of the "Add" / "Create" header buttons in `language` (from its catalogs). */
export function addButtonTexts(language: string): Set<string> {
  const texts = new Set<string>();
  for (const f of fs.readdirSync(path.join(LOCALES, language)).filter((f) => f.endsWith('.json'))) {
    const tree = JSON.parse(fs.readFileSync(path.join(LOCALES, language, f), 'utf8')) as Tree;
    for (const key of ADD_KEYS) {
      const text = at(tree, key);
      if (text) texts.add(text);
    }
  }
  return texts;
}

/**
 * Clicks the page's "Add" / "Create" button (a contained button of the page named by `texts`) and
 * waits for its dialog; false when the page has none, or it opens no dialog (a drawer or a page).
 */
export async function openAddDialog(page: Page, texts: Set<string>): Promise<boolean> {
  const buttons = page.locator('main .MuiButton-contained:visible');
  const names = await buttons.allInnerTexts();
  const i = names.findIndex((n) => texts.has(n.trim()));
  const add = i >= 0 ? buttons.nth(i) : undefined;
  if (!add || (await add.isDisabled())) return false;
  await add.click();
  const opened = await page
    .getByRole('dialog')
    .first()
    .waitFor({ state: 'visible', timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  return opened;
}

/** Closes the open dialog with Escape and waits until it is gone. */
export async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The text of a `common.json` button (`button.edit`, `button.delete`) in `language`. */
export function buttonText(language: string, key: string): string {
  const tree = JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'common.json'), 'utf8')) as Tree;
  const text = at(tree, `button.${key}`);
  if (!text) throw new Error(`no common:button.${key} in ${language}`);
  return text;
}

/** The text of `key` in the catalog file `file` (`organizations`, `table.archive`) in `language`. */
export function catalogText(language: string, file: string, key: string): string {
  const tree = JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${file}.json`), 'utf8')) as Tree;
  const text = at(tree, key);
  if (!text) throw new Error(`no ${file}:${key} in ${language}`);
  return text;
}

/** Waits for a dialog to open; false when none did. */
const dialogOpened = (page: Page) =>
  page
    .getByRole('dialog')
    .first()
    .waitFor({ state: 'visible', timeout: 5_000 })
    .then(() => true)
    .catch(() => false);

/**
 * Hides a tooltip the last dialog left: closing it gives the focus back to its button, whose
 * tooltip may cover the next row's button (the organizations' Archive under Edit).
 */
async function dismissTooltips(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.());
  await page.mouse.move(0, 0);
  await page
    .locator('[role="tooltip"]')
    .first()
    .waitFor({ state: 'hidden', timeout: 2_000 })
    .catch(() => undefined);
}

/** Whether a name holds the word `verb`. */
const wordOf = (verb: string) =>
  new RegExp(`(^|\\s)${verb.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`, 'i');

/** The first icon button of the list's rows whose name holds the word `verb` (e.g. "Bearbeiten …"). */
async function rowButton(page: Page, verb: string) {
  const button = page
    .locator('main :is([role="row"], tbody tr)')
    .getByRole('button', { name: wordOf(verb) })
    .first();
  return (await button.count()) && (await button.isEnabled()) ? button : undefined;
}

/**
 * The page's own outlined header button whose name holds the word `verb` ("Schließfachwand
 * bearbeiten" on /locker-wall: the shown record's Edit and Delete), when enabled.
 */
async function headerButton(page: Page, verb: string) {
  const button = page.locator('main .MuiButton-outlined').filter({
    hasText: wordOf(verb),
  });
  const first = button.first();
  return (await button.count()) === 1 && (await first.isEnabled()) ? first : undefined;
}

/**
 * Opens the first row's edit dialog: its "Edit {name}" row button (`button.edit` in the page's
 * language, `verb`), else a click on the row (and, when that opens the row's details, their "Edit"
 * button); false when the list has no row or no dialog opened (a row that leads to a page is left
 * again).
 */
export async function openEditDialog(page: Page, verb: string): Promise<boolean> {
  await dismissTooltips(page);
  const edit = (await rowButton(page, verb)) ?? (await headerButton(page, verb));
  if (edit) {
    await edit.click({ timeout: 15_000 });
    return dialogOpened(page);
  }
  // lists without an edit button open the row's dialog on a click of the row (Locations, Devices)
  const cell = page
    .locator('main [role="row"] [role="gridcell"]:not([data-field="__check__"]):not([data-field="actions"])')
    .first();
  if (!(await cell.count())) return false;
  const url = page.url();
  await cell.click();
  if (!(await dialogOpened(page))) {
    if (page.url() !== url) await page.goBack();
    return false;
  }
  // a row that opens its details (Devices): their "Edit" button leads to the edit dialog
  const details = page.getByRole('dialog').getByRole('button', { name: verb, exact: true });
  if (await details.count()) {
    await details.first().click();
    await expect(page.getByRole('dialog').getByRole('tab').first()).toBeVisible();
  }
  return true;
}

/**
 * Opens a destructive confirmation without confirming it: the first row's "Delete {name}" button
 * (`verb`), else the bulk delete of the first selected row; false when the list offers neither.
 * The caller closes it with Escape (the safe answer): nothing is deleted.
 */
export async function openDeleteConfirmation(page: Page, verb: string): Promise<boolean> {
  await dismissTooltips(page);
  const remove = (await rowButton(page, verb)) ?? (await headerButton(page, verb));
  if (remove) {
    await remove.click({ timeout: 15_000 });
    return dialogOpened(page);
  }
  const select = page.locator('main [role="row"] input[type="checkbox"]:enabled').nth(1);
  if (!(await select.count())) return false;
  await select.check();
  const bulk = page.locator('main').getByRole('button', { name: verb, exact: true });
  if (!(await bulk.count()) || !(await bulk.first().isEnabled())) {
    await select.uncheck();
    return false;
  }
  await bulk.first().click();
  const opened = await dialogOpened(page);
  return opened;
}
