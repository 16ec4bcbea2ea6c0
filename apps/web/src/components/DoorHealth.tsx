import { DOOR_HEALTH_STATES, type TDoorHealth, type TDoorHealthState } from '@lockerops/contract';
import { Box, Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { HEALTH_COLORS } from '../api/fleetHealth';

/** A door state's name on its colour: the text says it, the colour repeats it. */
export function HealthBadge({ state }: { state: TDoorHealthState }) {
  const { t } = useTranslation('fleetHealth');
  return (
    <Box
      component="span"
      data-health={state}
      sx={{
        px: 0.75,
        borderRadius: 1,
        fontSize: 12,
        fontWeight: 600,
        lineHeight: '18px',
        whiteSpace: 'nowrap',
        bgcolor: HEALTH_COLORS[state].bg,
        color: HEALTH_COLORS[state].fg,
        border: '1px solid rgba(255,255,255,0.8)',
      }}
    >
      {t(`state.${state}`)}
    </Box>
  );
}

/** The legend of the door states with their counts among `doors`. */
export function HealthLegend({ doors }: { doors: TDoorHealth[] }) {
  const { t } = useTranslation('fleetHealth');
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label={t('legend')}>
      {DOOR_HEALTH_STATES.map((s) => (
        <Chip
          key={s}
          variant="outlined"
          data-testid={`health-legend-${s}`}
          label={t('legendItem', {
            state: t(`state.${s}`),
            count: doors.filter((d) => d.state === s).length,
          })}
          icon={
            <Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: HEALTH_COLORS[s].bg, ml: 1 }} />
          }
        />
      ))}
    </Stack>
  );
}
