import type { TAlertKind, TDeviceHealth } from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { fleetHealthQueries } from '../../api/fleetHealth';
import { usePlaceZone } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { useEnumLabel } from '../../i18n/enums';
import { formatDateTime, formatPercent, zoneLabel } from '../../lib/format';
import { HealthBadge } from '../DoorHealth';
import { SimulatorControls } from './SimulatorControls';

// MUI X Charts is the heaviest part of the console: the chart loads only when a door's details open
const BatteryChart = lazy(() => import('./BatteryChart').then((m) => ({ default: m.BatteryChart })));

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>
      {value}
    </Typography>
  </Box>
);

/**
 * A door's details of fleet health (`GET fleet-health/devices/{id}`): its facts, battery and signal
 * over time, its state timeline (commanded beside sensed) and its alerts, every time on the
 * place's clock with the zone named; admins also get the simulator's faults of a virtual door or
 * of a simulated bridge. Opened from the locker wall's door and from the Fleet health page.
 */
export function DeviceHealthDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('fleetHealth');
  const titleId = useId();
  const q = useQuery({ ...fleetHealthQueries.device(id ?? ''), enabled: !!id });
  const d = q.data;
  return (
    <Dialog open={!!id} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {d
          ? t('device.title', { number: d.device.locker_number, name: d.device.name })
          : t('device.titleLoading')}
      </DialogTitle>
      <DialogContent>
        {q.isError ? <Alert severity="error">{formatApiError(q.error)}</Alert> : null}
        {!d && !q.isError ? <CircularProgress size={24} aria-label={t('loading')} /> : null}
        {d ? <DeviceHealthBody data={d} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:button.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DeviceHealthBody({ data }: { data: TDeviceHealth }) {
  const { t } = useTranslation('fleetHealth');
  const label = useEnumLabel();
  const user = useCurrentUser();
  const zone = usePlaceZone()(data.device.location_time_zone);
  const at = (v: string | null) => formatDateTime(v, { timeZone: zone });
  const { device, health, timeline, alerts } = data;
  const percent = (v: number | null) => formatPercent(v, 0, { empty: t('device.notReported') });
  const sectionIds = { chart: useId(), timeline: useId(), alerts: useId() };
  return (
    <Stack spacing={2}>
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <HealthBadge state={health.state} />
          <Typography variant="body2">
            {device.location_name} · {label('hardware', device.hardware_type)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" data-testid="health-zone">
          {t('device.zone', { zone: zoneLabel(zone) })}
        </Typography>
        <Fact
          label={t('device.commanded')}
          value={
            health.commanded_at
              ? t('device.commandedValue', {
                  state: t(`commanded.${health.commanded}`),
                  by: health.commanded_by ?? '—',
                  at: at(health.commanded_at),
                })
              : t(`commanded.${health.commanded}`)
          }
        />
        <Fact
          label={t('device.sensed')}
          value={t('device.sensedValue', {
            state: t(`sensed.${health.sensed}`),
            since: at(health.sensed_since),
          })}
        />
        <Fact label={t('device.online')} value={health.online ? t('device.yes') : t('device.no')} />
        <Fact label={t('device.lastSeen')} value={at(health.last_seen_at)} />
        <Fact label={t('device.battery')} value={percent(health.battery)} />
        <Fact label={t('device.signal')} value={percent(health.signal)} />
        {device.bridge ? <Fact label={t('device.bridge')} value={device.bridge.bridge} /> : null}
      </Box>

      <Box component="section" aria-labelledby={sectionIds.chart}>
        <Typography variant="subtitle2" component="h3" id={sectionIds.chart} gutterBottom>
          {t('device.chartTitle')}
        </Typography>
        {timeline.some((s) => s.battery !== null || s.signal !== null) ? (
          <Suspense fallback={<CircularProgress size={20} aria-label={t('loading')} />}>
            <BatteryChart samples={timeline} zone={zone} />
          </Suspense>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('device.noChart')}
          </Typography>
        )}
      </Box>

      <Box component="section" aria-labelledby={sectionIds.timeline}>
        <Typography variant="subtitle2" component="h3" id={sectionIds.timeline} gutterBottom>
          {t('device.timelineTitle')}
        </Typography>
        {timeline.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('device.noTimeline')}
          </Typography>
        ) : (
          // a region that scrolls is reached with the keyboard too
          <Box
            sx={{ maxHeight: 280, overflow: 'auto' }}
            tabIndex={0}
            role="region"
            aria-labelledby={sectionIds.timeline}
          >
            <Table
              size="small"
              stickyHeader
              sx={{ '& th, & td': { px: 1 } }}
              aria-labelledby={sectionIds.timeline}
              data-testid="health-timeline"
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('device.when')}</TableCell>
                  <TableCell>{t('device.commanded')}</TableCell>
                  <TableCell>{t('device.sensed')}</TableCell>
                  <TableCell>{t('device.online')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {timeline.map((s) => (
                  <TableRow key={s.at}>
                    <TableCell>{at(s.at)}</TableCell>
                    <TableCell>{t(`commanded.${s.commanded}`)}</TableCell>
                    <TableCell>{t(`sensed.${s.sensed}`)}</TableCell>
                    <TableCell>{s.online ? t('device.yes') : t('device.no')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Box>

      <Box component="section" aria-labelledby={sectionIds.alerts}>
        <Typography variant="subtitle2" component="h3" id={sectionIds.alerts} gutterBottom>
          {t('device.alertsTitle')}
        </Typography>
        {alerts.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('device.noAlerts')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {alerts.map((a) => (
              <ListItem key={a.id} divider disableGutters data-testid="device-alert">
                <ListItemText
                  primary={`${t(`kind.${a.kind as TAlertKind}`)} · ${t(`alertState.${a.state}`)}`}
                  secondary={
                    a.resolved_at
                      ? t('device.alertResolved', { opened: at(a.opened_at), resolved: at(a.resolved_at) })
                      : t('alertSince', { since: at(a.opened_at) })
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>

      {user.role === 'admin' ? <SimulatorControls data={data} /> : null}
    </Stack>
  );
}
