import { expect, type Page, test } from '@playwright/test';
import { consoleSignIn } from '../support/api';
import { navigateInApp } from '../support/console';
import { addButtonTexts, closeDialog, openAddDialog } from '../support/forms';

/**
 * Required fields say so (CONTRIBUTING "Rules every page keeps", Forms): on every sidebar page with an
 * "Add" / "Create" dialog, the dialog is sent empty (nothing reaches the server: every call but a
 * read is refused), and every field the form then refuses carries the required asterisk and is
 * exposed as required (`required` / `aria-required`), so a screen reader says so before the submit.
 */

/** The fields of the open dialog marked invalid whose control or label does not say it is required. */
async function unmarkedInvalidFields(page: Page): Promise<string[]> {
  return page.getByRole('dialog').evaluate((dialog) =>
    Array.from(dialog.querySelectorAll('[aria-invalid="true"]'))
      .filter((el) => !(el as HTMLElement).classList.contains('MuiSelect-nativeInput'))
      .flatMap((el) => {
        const control = el.closest('.MuiFormControl-root');
        const label = control?.querySelector('label')?.textContent?.replace(/[\s\u2009]*\*$/, '') ?? '';
        const name = label || el.getAttribute('name') || el.id;
        const exposed =
          el.hasAttribute('required') ||
          el.getAttribute('aria-required') === 'true' ||
          !!control?.querySelector('input[required]');
        const asterisk = !!control?.querySelector('.MuiFormLabel-asterisk');
        if (exposed && asterisk) return [];
        return [`${name}${exposed ? '' : ' (not exposed as required)'}${asterisk ? '' : ' (no asterisk)'}`];
      }),
  );
}

test('every required field of an "Add" dialog carries the asterisk and is exposed as required', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await consoleSignIn(page);
  await page.goto('/home');
  await page.getByRole('navigation').first().waitFor();
  const paths = await page
    .getByRole('navigation')
    .first()
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  // nothing is saved: the sweep only sends forms empty
  await page.route('**/api/**', (route) =>
    route.request().method() === 'GET' ? route.continue() : route.abort(),
  );

  const addTexts = addButtonTexts('en');
  const failures: string[] = [];
  const checked: string[] = [];
  for (const p of paths) {
    await navigateInApp(page, p);
    if (!(await openAddDialog(page, addTexts))) continue;
    const dialog = page.getByRole('dialog').first();
    const submit = dialog.locator('button[type="submit"]');
    // a dialog that keeps its submit disabled until its choices are made is checked by its own test
    if ((await submit.count()) && (await submit.isEnabled())) {
      await submit.click();
      // the client's validation marks the refused fields at once
      await expect(dialog.locator('[aria-invalid="true"]').first())
        .toBeVisible({ timeout: 3_000 })
        .catch(() => undefined);
      const unmarked = await unmarkedInvalidFields(page);
      if (unmarked.length) failures.push(`${p}: ${unmarked.join(', ')}`);
      checked.push(p);
    }
    await closeDialog(page);
  }
  expect(failures).toEqual([]);
  expect(checked.length).toBeGreaterThan(8);
});
