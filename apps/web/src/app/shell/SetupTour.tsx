import { Button, MobileStepper, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Steps of the guided set-up tour (spec console §2), in order. */
export const TOUR_STEPS = [
  { path: '/pricing-set-up', key: 'pricing' },
  { path: '/locations', key: 'locations' },
  { path: '/sizes', key: 'sizes' },
  { path: '/devices', key: 'devices' },
  { path: '/inventory', key: 'inventory' },
  { path: '/product-groups', key: 'productGroups' },
  { path: '/locker-wall', key: 'lockerWall' },
] as const;

/** Shown while the URL carries tour=1; Next and Finish move on, Skip ends the tour. */
export function SetupTour() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
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
      aria-label={t('tour.title')}
      elevation={8}
      sx={{ position: 'fixed', right: 24, bottom: 24, width: 340, p: 2, zIndex: (t) => t.zIndex.snackbar }}
    >
      <Typography variant="overline" color="text.secondary">
        {t('tour.step', { step: step + 1, total: TOUR_STEPS.length })}
      </Typography>
      <Typography variant="h6" component="div">
        {t(`tour.steps.${current.key}.title`)}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t(`tour.steps.${current.key}.text`)}
      </Typography>
      {byPath < 0 ? (
        <Button size="small" onClick={() => navigate(`${current.path}?tour=1`)}>
          {t('tour.goTo', { page: t(`tour.steps.${current.key}.title`) })}
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
            {t('tour.skip')}
          </Button>
        }
        nextButton={
          !next ? (
            <Button size="small" variant="contained" onClick={end}>
              {t('tour.finish')}
            </Button>
          ) : (
            <Button size="small" variant="contained" onClick={() => navigate(`${next.path}?tour=1`)}>
              {t('button.next')}
            </Button>
          )
        }
      />
    </Paper>
  );
}
