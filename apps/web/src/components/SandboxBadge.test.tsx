import { PAYMENT_MESSAGES } from '@lockerops/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../api/session';
import { jsonResponse, makeTokens, makeUser } from '../test/fixtures';
import { SandboxBadge } from './SandboxBadge';
import { renderWithProviders } from './testing';

// fetch is the boundary to the API server, which does not run under jsdom.
let mode: 'stripe' | 'sandbox';
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStore.signedIn(makeTokens(makeUser('admin')));
  fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input).endsWith('/api/payments/mode')
      ? jsonResponse({ payments_mode: mode })
      : jsonResponse({ detail: 'Not found' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('Sandbox payments badge', () => {
  it('shows "Sandbox payments" when the server runs the sandbox', async () => {
    mode = 'sandbox';
    renderWithProviders(<SandboxBadge />);
    expect(await screen.findByText(PAYMENT_MESSAGES.sandboxBadge)).toBeInTheDocument();
  });

  it('shows nothing when the server charges through Stripe', async () => {
    mode = 'stripe';
    renderWithProviders(<SandboxBadge />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {
      await fetchMock.mock.results[0]!.value;
    });
    expect(screen.queryByText(PAYMENT_MESSAGES.sandboxBadge)).not.toBeInTheDocument();
  });
});
