import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

/**
 * The console's snackbars (notistack), each an alert (`role="alert"`) that screen readers read out as
 * it appears. They are drawn straight into `<body>`, outside the page's root: an open dialog hides
 * its siblings from assistive technology (`aria-hidden`), and a message shown while it stays open
 * ("Device unlocked correctly." over a locker's details) would otherwise never be heard.
 */
export function SnackbarHost({ children, maxSnack = 3 }: { children: ReactNode; maxSnack?: number }) {
  return (
    <SnackbarProvider
      maxSnack={maxSnack}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      domRoot={document.body}
    >
      {children}
    </SnackbarProvider>
  );
}
