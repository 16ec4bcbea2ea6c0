import { CLOUD_LOCK_VENDORS, LOCK_MESSAGES, type TLockVendorAccount } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { LockVendorsTab } from './LockVendorsTab';

const SECRET = 'sk_live_vendor_secret_77Qz';
let accounts: TLockVendorAccount[];
const puts: Array<{ url: string; body: Record<string, unknown> }> = [];

// fetch is the boundary to the API server, which does not run under jsdom. The fake keeps the secret
// as the server does: it answers only its last 4 characters.
beforeEach(() => {
  puts.length = 0;
  accounts = CLOUD_LOCK_VENDORS.map((vendor) => ({
    vendor,
    configured: false,
    base_url: null,
    account_id: null,
    token_url: null,
    secret_last4: null,
    updated_at: null,
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/lock-vendors') return jsonResponse({ items: accounts });
      const m = /^\/api\/lock-vendors\/(\w+)$/.exec(url);
      if (m && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push({ url, body });
        accounts = accounts.map((a) =>
          a.vendor === m[1]
            ? {
                ...a,
                configured: true,
                base_url: body.base_url,
                account_id: body.account_id,
                token_url: body.token_url,
                secret_last4: body.secret ? body.secret.slice(-4) : a.secret_last4,
                updated_at: new Date().toISOString(),
              }
            : a,
        );
        return jsonResponse(accounts.find((a) => a.vendor === m[1]));
      }
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
  sessionStore.signedIn(makeTokens(makeUser('admin')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('LockVendorsTab', () => {
  it("saves a vendor's account and shows the secret only by its last 4 characters", async () => {
    renderWithProviders(<LockVendorsTab />, '/settings');
    const base = await screen.findByRole('textbox', { name: 'Linka API Base URL' });
    fireEvent.change(base, { target: { value: 'https://api.linka.test/v1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'API Key' }), { target: { value: 'merchant-1' } });
    fireEvent.change(screen.getByLabelText('Secret Key'), { target: { value: SECRET } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LOCK_MESSAGES.vendorSaved)).toBeInTheDocument();
    expect(puts[0]).toMatchObject({
      url: '/api/lock-vendors/linka',
      body: { base_url: 'https://api.linka.test/v1', account_id: 'merchant-1', secret: SECRET },
    });
    await waitFor(() =>
      expect(screen.getByText('Saved, ending in 77Qz. Leave empty to keep it.')).toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Secret Key')).toHaveValue('');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('refuses a base URL that is not http(s) before calling the server', async () => {
    renderWithProviders(<LockVendorsTab />, '/settings');
    const base = await screen.findByRole('textbox', { name: 'Linka API Base URL' });
    fireEvent.change(base, { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(new RegExp(LOCK_MESSAGES.baseUrl))).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });
});
