import { Box, Toolbar } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useOrganizationSelf } from '../../api/organizations';
import { usePageZone } from '../../api/place';
import { useMemberLanguage } from '../../i18n/useMemberLanguage';
import { useTitleForPath } from '../areas';
import { SetupTour } from './SetupTour';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useOpened } from './useOpened';

// Loaded the first time they open: the feedback form brings react-hook-form and its resolver.
const HelpDialog = lazy(() => import('./HelpDialog').then((m) => ({ default: m.HelpDialog })));
const FeedbackDialog = lazy(() => import('./FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })));

/** The signed-in layout: top bar, sidebar, the page, help, feedback and the set-up tour. */
export function AppShell() {
  const { pathname } = useLocation();
  const org = useOrganizationSelf();
  // the page's zone is the formatters' default: a page is drawn again when it is known or changes
  const zone = usePageZone();
  useMemberLanguage();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const helpOpened = useOpened(helpOpen);
  const feedbackOpened = useOpened(feedbackOpen);

  const appName = org.data?.white_label.app_name || org.data?.name || 'Lockerops';
  const title = useTitleForPath()(pathname);
  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : appName;
  }, [title, appName]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar onMenu={() => setMobileOpen(true)} onHelp={() => setHelpOpen(true)} />
      <Sidebar mobileOpen={mobileOpen} onClose={() => setMobileOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <Outlet key={zone} />
      </Box>
      {helpOpened ? (
        <Suspense fallback={null}>
          <HelpDialog
            open={helpOpen}
            onClose={() => setHelpOpen(false)}
            onFeedback={() => setFeedbackOpen(true)}
          />
        </Suspense>
      ) : null}
      {feedbackOpened ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      ) : null}
      <SetupTour />
    </Box>
  );
}
