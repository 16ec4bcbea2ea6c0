import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { ResultDialogProvider } from '../components/ResultDialog';
import { SnackbarHost } from '../components/SnackbarHost';
import { buildRoutes } from './routes';
import { AppThemeProvider } from './ThemePreferences';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <SnackbarHost>
          <ResultDialogProvider>
            <RouterProvider router={router} />
          </ResultDialogProvider>
        </SnackbarHost>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
