import type { TOrganization } from '@lockerops/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { sessionStore } from '../api/session';
import { buildRoutes } from '../app/routes';
import { AppThemeProvider } from '../app/ThemePreferences';
import { ResultDialogProvider } from '../components/ResultDialog';
import { jsonResponse, makeOrganization } from './fixtures';

/**
 * The whole console in a memory router. fetch is stubbed (jsdom has no server): the organization
 * lookups answer the given organization, anything else 404.
 */
export function renderApp(path: string, org: TOrganization = makeOrganization()) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/organizations/self')) return jsonResponse(org);
    if (url.startsWith('/api/organization')) {
      return jsonResponse({
        name: org.name,
        app_name: org.white_label.app_name,
        app_logo: null,
        primary_color: null,
        secondary_color: null,
        stripe_enabled: false,
      });
    }
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.reload();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AppThemeProvider>
        <ResultDialogProvider>
          <RouterProvider router={router} />
        </ResultDialogProvider>
      </AppThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, fetchMock };
}
