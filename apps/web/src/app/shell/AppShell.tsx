import { Box, Toolbar } from '@mui/material';
import { useSnackbar } from 'notistack';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { formatApiError } from '../../api/errors';
import { useOrganizationSelf } from '../../api/organizations';
import { usePageZone, usePageZoneSettled } from '../../api/place';
import { PageLoader } from '../../components/PageLoader';
import { useTitleForPath } from '../areas';
import { SetupTour } from './SetupTour';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useMemberLanguage } from './useMemberLanguage';
import { useOpened } from './useOpened';

// Loaded the first time they open: the feedback form brings react-hook-form and its resolver.
const HelpDialog = lazy(() => import('./HelpDialog').then((m) => ({ default: m.HelpDialog })));
const FeedbackDialog = lazy(() => import('./FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })));

const MAIN_ID = 'main-content';

/**
 * "Skip to content" (WCAG 2.4.1): the first stop of the Tab key, shown only while it has the focus,
 * moves the focus past the top bar and the sidebar to the page.
 */
function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: -64,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('shell.skipToContent')}
    </Box>
  );
}

/** The signed-in layout: top bar, sidebar, the page, help, feedback and the set-up tour. */
export function AppShell() {
  const { pathname } = useLocation();
  const org = useOrganizationSelf();
  // the page's zone is the formatters' default: a page is drawn once it is known, and again when
  // the member changes it
  const zone = usePageZone();
  const zoneSettled = usePageZoneSettled();
  useMemberLanguage();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const helpOpened = useOpened(helpOpen);
  const feedbackOpened = useOpened(feedbackOpen);

  // spec console §5: a failed own-organization fetch shows the message, without a type (the
  // sidebar would otherwise hide the organization's sections without a word)
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (org.error) enqueueSnackbar(formatApiError(org.error), { variant: 'default', preventDuplicate: true });
  }, [org.error, enqueueSnackbar]);

  const appName = org.data?.white_label.app_name || org.data?.name || 'Lockerops';
  const title = useTitleForPath()(pathname);
  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : appName;
  }, [title, appName]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar onMenu={() => setMobileOpen(true)} onHelp={() => setHelpOpen(true)} />
      <Sidebar mobileOpen={mobileOpen} onClose={() => setMobileOpen(false)} />
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        {zoneSettled ? <Outlet key={zone} /> : <PageLoader />}
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
