import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { AppThemeProvider } from '../ThemePreferences';
import { AppShell } from './AppShell';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('AppShell (issue 28 item 11)', () => {
  it('says why when the own organization fails to load, instead of hiding sidebar sections silently', {
    timeout: 60_000,
  }, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/organizations/self')
          ? jsonResponse({ detail: 'Organization not found' }, 404)
          : jsonResponse({ detail: 'Not found' }, 404),
      ),
    );
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    renderWithProviders(
      <AppThemeProvider>
        <AppShell />
      </AppThemeProvider>,
      '/home',
    );
    expect(
      await screen.findByText(/Organization not found/, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
