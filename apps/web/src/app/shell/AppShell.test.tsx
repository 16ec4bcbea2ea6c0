import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
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

describe('AppShell', () => {
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

const mounts: string[] = [];
/** A page that records each time it is mounted. */
function Page() {
  useEffect(() => {
    mounts.push('mounted');
  }, []);
  return <p>the page</p>;
}

describe('AppShell page zone', () => {
  it('draws the page once, after the organization zone is known, so typed text is not lost', {
    timeout: 60_000,
  }, async () => {
    let answerSettings: () => void = () => {};
    const settingsAnswered = new Promise<void>((resolve) => {
      answerSettings = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/settings')) {
          await settingsAnswered;
          return jsonResponse({ time_zone: 'America/Chicago', default_currency: 'usd' });
        }
        return jsonResponse({ detail: 'Not found' }, 404);
      }),
    );
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    mounts.length = 0;
    const router = createMemoryRouter(
      [{ path: '/', element: <AppShell />, children: [{ path: 'home', element: <Page /> }] }],
      { initialEntries: ['/home'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SnackbarProvider>
          <AppThemeProvider>
            <RouterProvider router={router} />
          </AppThemeProvider>
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('the page')).toBeNull();
    answerSettings();
    expect(await screen.findByText('the page', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(mounts).toEqual(['mounted']);
  });
});
