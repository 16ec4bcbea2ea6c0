import { expect, type Page, test } from '@playwright/test';
import { adminApi, openAsAdmin, unique } from '../support/console';

// Lists at a desktop width: with the sidebar open, each list's key columns and its row actions
// are in sight without scrolling sideways.

test.use({ viewport: { width: 1440, height: 900 } });

/** The list pages and the headers a person must see on each. */
const KEY_COLUMNS: Array<{ path: string; headers: string[] }> = [
  { path: '/reservations', headers: ['When', 'Status', 'Action'] },
  { path: '/transactions', headers: ['Status', 'Created', 'Started', 'Ended'] },
  { path: '/reporting', headers: ['Download', 'Action'] },
  { path: '/issues', headers: ['Status'] },
  { path: '/users', headers: ['Action'] },
  { path: '/inventory', headers: ['Action'] },
  { path: '/product-groups', headers: ['Action'] },
  { path: '/devices', headers: ['Action', 'Status'] },
];

/** Headers whose right edge lies beyond the visible part of the grid. */
async function hiddenHeaders(page: Page, headers: string[]): Promise<string[]> {
  const grid = page.getByRole('grid').first();
  await expect(grid.getByRole('columnheader').first()).toBeVisible();
  const frame = (await grid.boundingBox())!;
  const out: string[] = [];
  for (const name of headers) {
    const header = grid.getByRole('columnheader', { name, exact: true });
    if ((await header.count()) === 0) {
      out.push(`${name} (missing)`);
      continue;
    }
    const box = await header.first().boundingBox();
    if (!box || box.x + box.width > frame.x + frame.width + 1 || box.x < frame.x - 1) out.push(name);
  }
  return out;
}

test('every list keeps its key columns and actions in sight at 1440 px', async ({ page, request }) => {
  const api = await adminApi(request);
  // a report, so its row actions are drawn
  await api
    .post('reports', { name: unique('Layout Report'), contents: ['transactions'] })
    .catch(() => undefined);
  await openAsAdmin(page, '/home');
  const problems: string[] = [];
  for (const { path, headers } of KEY_COLUMNS) {
    await page.goto(path);
    const hidden = await hiddenHeaders(page, headers);
    if (hidden.length) problems.push(`${path}: ${hidden.join(', ')}`);
  }
  expect(problems).toEqual([]);
});
