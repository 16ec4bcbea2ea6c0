import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { ResultDialogProvider } from './ResultDialog';
import { SnackbarHost } from './SnackbarHost';

/**
 * One component with the console's providers (query client, snackbars, result dialog) inside a memory
 * router at `path`, so URL-driven list state works. `router.state.location` shows the URL.
 */
export function renderWithProviders(ui: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <SnackbarHost maxSnack={5}>
        <ResultDialogProvider>
          <RouterProvider router={router} />
        </ResultDialogProvider>
      </SnackbarHost>
    </QueryClientProvider>,
  );
  return { ...view, router };
}
