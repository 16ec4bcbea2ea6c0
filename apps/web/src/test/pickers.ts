import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, type Mock, vi } from 'vitest';
import { jsonResponse } from './fixtures';

type Answer = (url: string, init?: RequestInit) => Response | undefined;

/** An empty page of any list, as the API answers it. */
export const emptyPage = (size = 20) => ({ items: [], total: 0, pages: 0, page: 1, page_size: size });

/**
 * fetch for a form with search pickers: `answer` first, then an empty page for any list call
 * (`/api/<area>?…`), an empty object for anything else. Calls are kept on the mock.
 */
export function stubPickerFetch(answer: Answer = () => undefined): Mock {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const own = answer(url, init);
    if (own) return own;
    if (/^\/api\/[\w/-]+\?/.test(url)) return jsonResponse(emptyPage());
    return jsonResponse({});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs fetched so far. */
export const fetchedUrls = (fetchMock: Mock) => fetchMock.mock.calls.map((c) => String(c[0]));

/**
 * Types `text` into the picker labelled `label` and waits for its server search
 * (`GET /api/<area>?page=1&size=20&search=<text>`).
 */
export async function searchPicker(fetchMock: Mock, label: string | RegExp, area: string, text: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  await waitFor(
    () =>
      expect(
        fetchedUrls(fetchMock).some(
          (u) => u.startsWith(`/api/${area}?`) && u.includes('size=20') && u.includes(`search=${text}`),
        ),
      ).toBe(true),
    { timeout: 5000 },
  );
}

/** No call lists the whole area (`size=10000` or any size above a picker's 20). */
export function expectNoWholeList(fetchMock: Mock, area: string) {
  const whole = fetchedUrls(fetchMock).filter(
    (u) =>
      u.startsWith(`/api/${area}?`) && /[?&]size=(\d+)/.test(u) && Number(/[?&]size=(\d+)/.exec(u)?.[1]) > 20,
  );
  expect(whole).toEqual([]);
}
