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
