import { Button, MobileStepper, Paper, Typography } from '@mui/material';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Steps of the guided set-up tour (spec console §2), in order. */
export const TOUR_STEPS = [
  {
    path: '/pricing-set-up',
    title: 'Pricing set-up',
    text: 'Connect your payment-provider account so users can pay.',
  },
  { path: '/locations', title: 'Locations', text: 'Add the places where your lockers stand.' },
  { path: '/sizes', title: 'Sizes', text: 'Describe the door sizes your lockers come in.' },
  {
    path: '/devices',
    title: 'Devices',
    text: 'Register each locker door and assign it a location and size.',
  },
  { path: '/inventory', title: 'Inventory', text: 'List the products kept in your lockers.' },
  {
    path: '/product-groups',
    title: 'Product Groups',
    text: 'Group products to price and manage them together.',
  },
  { path: '/locker-wall', title: 'Locker Wall', text: 'Lay out your doors as they appear on the wall.' },
] as const;

/** Shown while the URL carries tour=1; Next and Finish move on, Skip ends the tour. */
export function SetupTour() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (params.get('tour') !== '1') return null;

  const byPath = TOUR_STEPS.findIndex((s) => s.path === pathname);
  const step = Math.max(byPath, 0);
  const current = TOUR_STEPS[step];
  const next = TOUR_STEPS[step + 1];
  if (!current) return null;
  const end = () => navigate(pathname, { replace: true });

  return (
    <Paper
      role="dialog"
      aria-label="Set-up tour"
      elevation={8}
      sx={{ position: 'fixed', right: 24, bottom: 24, width: 340, p: 2, zIndex: (t) => t.zIndex.snackbar }}
    >
      <Typography variant="overline" color="text.secondary">
        Set-up tour · step {step + 1} of {TOUR_STEPS.length}
      </Typography>
      <Typography variant="h6" component="div">
        {current.title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {current.text}
      </Typography>
      {byPath < 0 ? (
        <Button size="small" onClick={() => navigate(`${current.path}?tour=1`)}>
          Go to {current.title}
        </Button>
      ) : null}
      <MobileStepper
        variant="dots"
        steps={TOUR_STEPS.length}
        activeStep={step}
        position="static"
        sx={{ bgcolor: 'transparent', px: 0 }}
        backButton={
          <Button size="small" onClick={end}>
            Skip
          </Button>
        }
        nextButton={
          !next ? (
            <Button size="small" variant="contained" onClick={end}>
              Finish
            </Button>
          ) : (
            <Button size="small" variant="contained" onClick={() => navigate(`${next.path}?tour=1`)}>
              Next
            </Button>
          )
        }
      />
    </Paper>
  );
}
