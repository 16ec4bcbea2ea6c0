import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ResultDialogProvider } from '../components/ResultDialog';
import { createQueryClient } from './queryClient';
import { buildRoutes } from './routes';
import { AppThemeProvider } from './ThemePreferences';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
          <ResultDialogProvider>
            <RouterProvider router={router} />
          </ResultDialogProvider>
        </SnackbarProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
