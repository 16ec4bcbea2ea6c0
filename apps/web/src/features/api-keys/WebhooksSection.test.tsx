import { TOOLBOX_MESSAGES } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { WebhooksSection } from './WebhooksSection';

const ID = '00000000-0000-4000-8000-000000000010';
const SECRET = 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw==';
const URL = 'https://hooks.example.com/in';
const ENDPOINT = {
  id: ID,
  url: URL,
  description: 'ERP',
  events: ['on_reservation'],
  enabled: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const DELIVERY = {
  id: '00000000-0000-4000-8000-000000000020',
  message_id: '00000000-0000-4000-8000-000000000021',
  webhook_id: 'msg_1',
  event_type: 'on_reservation',
  attempt: 3,
  replay: false,
  status_code: 200,
  latency_ms: 42,
  succeeded: true,
  response_excerpt: 'ok',
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
};
let endpoints: (typeof ENDPOINT)[];

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  endpoints = [];
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/webhooks' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      endpoints = [{ ...ENDPOINT, ...body }];
      return jsonResponse({ ...endpoints[0], secret: SECRET }, 201);
    }
    if (url.startsWith('/api/webhooks?'))
      return jsonResponse({ items: endpoints, total: endpoints.length, pages: 1, page: 1, page_size: 200 });
    if (url === '/api/webhooks/events') return jsonResponse([]);
    if (url.startsWith(`/api/webhooks/${ID}/deliveries?`))
      return jsonResponse({ items: [DELIVERY], total: 1, pages: 1, page: 1, page_size: 25 });
    if (url.endsWith('/replay')) return jsonResponse({ detail: TOOLBOX_MESSAGES.replayQueued }, 202);
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.signedIn(makeTokens(makeUser('admin')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('WebhooksSection', () => {
  it('creates an endpoint and shows its signing secret once', async () => {
    renderWithProviders(<WebhooksSection />, '/apis');
    await screen.findByText('No Data to Show');
    fireEvent.click(screen.getByRole('button', { name: 'Add Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook Endpoint' });
    fireEvent.change(within(dialog).getByLabelText(/URL/), { target: { value: 'not a url' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TOOLBOX_MESSAGES.urlInvalid)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/URL/), { target: { value: URL } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'ERP' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'on_reservation' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(shown).getByDisplayValue(SECRET)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      url: URL,
      description: 'ERP',
      events: ['on_reservation'],
      enabled: true,
    });
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = (await screen.findByText(URL)).closest('tr') as HTMLElement;
    expect(within(row).getByText('on_reservation')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: `Enabled ${URL}` })).toBeChecked();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('shows the delivery log of an endpoint and replays a delivery', async () => {
    endpoints = [ENDPOINT];
    renderWithProviders(<WebhooksSection />, '/apis');
    fireEvent.click(await screen.findByRole('button', { name: `Deliveries ${URL}` }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const row = (await within(log).findByText('42 ms')).closest('tr') as HTMLElement;
    for (const text of ['on_reservation', '3', '200', 'Succeeded', 'ok'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Replay' }));
    await screen.findByText(TOOLBOX_MESSAGES.replayQueued);
    expect(
      fetchMock.mock.calls.some(
        ([u, init]) =>
          String(u) === `/api/webhooks/${ID}/deliveries/${DELIVERY.id}/replay` && init?.method === 'POST',
      ),
    ).toBe(true);
  });
});
