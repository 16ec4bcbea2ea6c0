import { MSG } from '@lockerops/contract';
import { Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translateMessage } from '../i18n/messages';

interface State {
  failed: boolean;
}

/** The error fallback around every main page (spec console §2): the text in red, the shell intact. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <Typography role="alert" color="error" sx={{ p: 3, fontWeight: 600 }}>
          {translateMessage(MSG.pageError)}
        </Typography>
      );
    }
    return this.props.children;
  }
}
