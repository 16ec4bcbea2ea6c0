import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { ApiKeyCard } from './ApiKeyCard';

const KEY = {
  id: '00000000-0000-4000-8000-000000000041',
  prefix: 'lk_live_ab12',
  scope: 'partner',
  created_at: '2026-01-01T00:00:00.000Z',
  last_used_at: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'DELETE') return jsonResponse({ detail: 'API key has been revoked.' });
    if (String(input) === '/api/api-keys') return jsonResponse([KEY]);
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

describe('ApiKeyCard: revoke is confirmed by typing (spec console §5)', () => {
  it('keeps Yes disabled until the exact phrase is typed, then revokes', async () => {
    renderWithProviders(<ApiKeyCard />, '/apis');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Token' }));
    const dialog = await screen.findByRole('dialog');
    const yes = within(dialog).getByRole('button', { name: 'Yes' });
    const phrase = within(dialog).getByRole('textbox', { name: 'Type "REVOKE" to confirm' });
    expect(yes).toBeDisabled();
    fireEvent.change(phrase, { target: { value: 'revoke' } });
    expect(yes).toBeDisabled();
    fireEvent.change(phrase, { target: { value: 'REVOKE' } });
    expect(yes).toBeEnabled();
    fireEvent.click(yes);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, i]) => String(u) === `/api/api-keys/${KEY.id}` && i?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });

  it('asks no phrase to rotate', async () => {
    renderWithProviders(<ApiKeyCard />, '/apis');
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate Token' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeEnabled();
  });
});
