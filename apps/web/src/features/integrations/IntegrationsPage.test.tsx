import { TOOLBOX_MESSAGES } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { IntegrationsPage } from './IntegrationsPage';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'secret-auth-token-9Z7q';
let twilio: {
  configured: boolean;
  account_sid: string | null;
  auth_token_last4: string | null;
  from: string | null;
  verification_enabled: boolean;
  alerts_enabled: boolean;
};

// fetch is the boundary to the API server, which does not run under jsdom. The fake keeps the token
// as the server does: it answers only its last 4 characters.
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  twilio = {
    configured: false,
    account_sid: null,
    auth_token_last4: null,
    from: null,
    verification_enabled: true,
    alerts_enabled: true,
  };
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/integrations') return jsonResponse({ twilio: twilio.configured, stripe: false });
    if (url === '/api/integrations/twilio' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      twilio = {
        configured: true,
        account_sid: body.account_sid,
        from: body.from,
        auth_token_last4: body.auth_token ? body.auth_token.slice(-4) : twilio.auth_token_last4,
        verification_enabled: body.verification_enabled,
        alerts_enabled: body.alerts_enabled,
      };
      return jsonResponse(twilio);
    }
    if (url === '/api/integrations/twilio') return jsonResponse(twilio);
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

const card = (name: string) => screen.getByRole('article', { name });

describe('IntegrationsPage', () => {
  it('groups the cards by title and labels their buttons by state', async () => {
    renderWithProviders(<IntegrationsPage />, '/integrations');
    await waitFor(() => expect(within(card('Twilio')).getByRole('button')).toBeEnabled());
    const groups = {
      'Shipping & Tracking': ['SC Logic', 'Package X', 'Trax', 'Send', 'Aftership'],
      Payment: ['Stripe', 'Adyen'],
      Messaging: ['Twilio'],
      'Service & Support': ['Zendesk', 'Service Now'],
    };
    for (const [title, cards] of Object.entries(groups)) {
      const section = screen.getByRole('region', { name: title });
      expect(
        within(section)
          .getAllByRole('article')
          .map((a) => a.getAttribute('aria-label')),
      ).toEqual(cards);
    }
    expect(within(card('Zendesk')).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    expect(within(card('Stripe')).getByRole('button', { name: 'Activate' })).toBeEnabled();
    expect(within(card('Twilio')).getByRole('button', { name: 'Activate' })).toBeEnabled();
  });

  it('filters the cards by name from two characters', async () => {
    renderWithProviders(<IntegrationsPage />, '/integrations');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'se' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Twilio' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Send' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Service Now' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment' })).not.toBeInTheDocument();
  });
});

describe('Twilio dialog', () => {
  it('validates, saves, and afterwards shows only the last 4 characters of the token', async () => {
    renderWithProviders(<IntegrationsPage />, '/integrations');
    await waitFor(() => expect(within(card('Twilio')).getByRole('button')).toBeEnabled());
    fireEvent.click(within(card('Twilio')).getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Twilio' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Account SID/)).toBeEnabled());
    fireEvent.change(within(dialog).getByLabelText(/Account SID/), { target: { value: 'XX123' } });
    fireEvent.change(within(dialog).getByLabelText(/Sender Number/), { target: { value: '555' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(TOOLBOX_MESSAGES.sidFormat)).toBeInTheDocument();
    expect(within(dialog).getByText(TOOLBOX_MESSAGES.fromFormat)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Account SID/), { target: { value: SID } });
    fireEvent.change(within(dialog).getByLabelText(/Auth Token/), { target: { value: TOKEN } });
    fireEvent.change(within(dialog).getByLabelText(/Sender Number/), { target: { value: '+14155550100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(TOOLBOX_MESSAGES.twilioSaved);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      account_sid: SID,
      auth_token: TOKEN,
      from: '+14155550100',
      verification_enabled: true,
      alerts_enabled: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Twilio' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(card('Twilio')).getByRole('button', { name: 'Deactivate' })).toBeEnabled(),
    );

    // opened again: the saved SID and sender, the token field empty, only "9Z7q" of the token
    fireEvent.click(within(card('Twilio')).getByRole('button', { name: 'Deactivate' }));
    const again = await screen.findByRole('dialog', { name: 'Twilio' });
    await waitFor(() => expect(within(again).getByLabelText(/Account SID/)).toHaveValue(SID));
    expect(within(again).getByLabelText(/Auth Token/)).toHaveValue('');
    expect(
      within(again).getByText('Saved token ending in 9Z7q. Leave empty to keep it.'),
    ).toBeInTheDocument();
    expect(again.textContent).not.toContain(TOKEN);
    expect(again.innerHTML).not.toContain(TOKEN.slice(0, -4));

    // the spec's two toggles, both on; alerts turned off is saved (and without a new token the
    // saved one is kept: the token is not sent)
    const alerts = within(again).getByRole('switch', { name: 'Enable Alerts and Notifications' });
    expect(within(again).getByRole('switch', { name: 'Enable Verification and Identity' })).toBeChecked();
    expect(alerts).toBeChecked();
    fireEvent.click(alerts);
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(2),
    );
    const second = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')[1];
    expect(JSON.parse(String(second?.[1]?.body))).toEqual({
      account_sid: SID,
      from: '+14155550100',
      verification_enabled: true,
      alerts_enabled: false,
    });
  });
});
