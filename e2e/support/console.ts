import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { apiSignIn, auth, consoleSignIn } from './api';

/** A name unique to this run and call, so tests never meet each other's rows in the shared database. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An e-mail address unique to this run and call, at the seeded organization's test domain. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@demo-org.test`;
}

/**
 * Signs in as the seeded admin the console's way (cookie mode, the refresh cookie in the browser
 * context) and opens `path`: the console restores its session from the cookie as on any load.
 */
export async function openAsAdmin(page: Page, path: string): Promise<void> {
  await consoleSignIn(page);
  await page.goto(path);
}

/**
 * Goes to `path` inside the running console, the way its own links do: the router navigates on a
 * history entry and its popstate event, with no reload of the bundle and no new sign-in. Waits for
 * the new page's heading (the one it left is marked first, so its heading does not count) and for
 * its lists to load; on the page already shown it only waits. The sweeps over every page use it; a test of a page's first load uses
 * `page.goto`.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const moved = await page.evaluate((to) => {
    if (window.location.pathname === to) return false;
    for (const h of Array.from(document.querySelectorAll('main h1'))) h.setAttribute('data-left', '');
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return true;
  }, path);
  await expect(page.locator(moved ? 'main h1:not([data-left])' : 'main h1')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Fetching data...')).toHaveCount(0);
}

/**
 * Types into a list's search box and waits until the list shows the answer to it: the search is
 * debounced and kept in the URL, then fetched while the previous rows stay on screen. A click on a
 * row before the answer lands can hit a row the grid is about to re-render (the click is lost), so
 * this waits for the list call carrying the search and for the loading overlay to go. A new search
 * also clears the row selection, so select only after this.
 */
export async function searchTable(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).searchParams.get('search') === text,
  );
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  await answered;
  await expect(page.getByText('Fetching data...')).toBeHidden();
}

/** One record as the partner API answers it (the tests read the fields they check). */
/**
 * Shows place `name` on the Locker Wall page: its Location field searches the server as typed, so
 * the name is typed over the place the page opened on (once that is shown) and its match picked; a
 * page already on it is left as it is.
 */
export async function showPlace(page: Page, name: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Location' });
  await expect(picker).not.toHaveValue(/^…?$/);
  if ((await picker.inputValue()) === name) return;
  await picker.fill(name);
  await page.getByRole('option', { name }).click();
  await expect(picker).toHaveValue(name);
}

export type ApiRecord = { id: string; name: string } & Record<string, unknown>;
/** One page of a list call. */
export interface ApiPage<T = ApiRecord> {
  items: T[];
  total: number;
}

/** The partner API as the seeded admin: JSON calls that throw on a non-2xx answer. */
export async function adminApi(request: APIRequestContext) {
  const headers = auth(await apiSignIn(request));
  const check = async <T>(res: APIResponse, what: string): Promise<T> => {
    if (!res.ok()) throw new Error(`${what} ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    headers,
    get: async <T = ApiRecord>(url: string) =>
      check<T>(await request.get(`/api/${url}`, { headers }), `GET ${url}`),
    list: async <T = ApiRecord>(url: string) =>
      check<ApiPage<T>>(await request.get(`/api/${url}`, { headers }), `GET ${url}`),
    post: async <T = ApiRecord>(url: string, data: unknown) =>
      check<T>(await request.post(`/api/${url}`, { headers, data }), `POST ${url}`),
    put: async <T = ApiRecord>(url: string, data: unknown) =>
      check<T>(await request.put(`/api/${url}`, { headers, data }), `PUT ${url}`),
  };
}
export type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/** Creates a location through `POST /api/locations` and answers it. */
export async function createLocation(api: AdminApi, name: string): Promise<ApiRecord> {
  return api.post('locations', {
    name,
    address: '1 Test Street',
    contact_email: 'ops@demo-org.test',
    contact_phone: '+14155550100',
  });
}

/** Creates an available virtual rental device through `POST /api/devices` and answers it. */
export async function createDevice(
  api: AdminApi,
  idLocation: string,
  name: string,
  lockerNumber: number,
): Promise<ApiRecord & { locker_number: number }> {
  return api.post('devices', {
    name,
    locker_number: lockerNumber,
    mode: 'rental',
    status: 'available',
    hardware_type: 'virtual',
    id_location: idLocation,
  });
}

/** Writes `content` to a new temporary file named `name` and answers its path. */
export function tempFile(name: string, content: string | Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-e2e-file-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

/** A valid 2×2 red PNG image. */
export const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF; a leading BOM is dropped)
 * into rows of cells.
 */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** CSV rows as records keyed by the header row. */
export function csvRecords(text: string): { headers: string[]; records: Record<string, string>[] } {
  const [headers = [], ...rows] = parseCsv(text);
  return {
    headers,
    records: rows.map((r) => Object.fromEntries(headers.map((h, i) => [h, r[i] ?? '']))),
  };
}
