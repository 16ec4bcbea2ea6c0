import { DEVICE_MESSAGES, type TDevice } from '@lockerops/contract';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { doorQueries, useDoorMaintenance, useUnlockDoor } from '../../api/doors';
import { useLocationZone } from '../../api/place';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { canUnlock } from '../../lib/lockStatus';
import { ConfirmDialog } from '../ConfirmDialog';
import { UnlockTimeline } from './UnlockTimeline';

const fullName = (u: { name: string; last_name?: string | null } | null) =>
  u ? [u.name, u.last_name].filter(Boolean).join(' ') : '';

/**
 * What a door holds: its open transaction (invoice, status, customer, since when, a link
 * to it in Transactions) or its active reservation (tracking number, customer, its window, a link
 * to it in Reservations), else that it is empty.
 */
export function DoorContents({ deviceId, timeZone }: { deviceId: string; timeZone?: string }) {
  const { t: tr } = useTranslation('common');
  const at = (v: string | null | undefined) => formatDateTime(v, { timeZone, zoneName: true });
  const label = useEnumLabel();
  const contents = useQuery(doorQueries.contents(deviceId));
  const t = contents.data?.transaction;
  const r = contents.data?.reservation;
  return (
    <Box component="section" aria-labelledby={`${deviceId}-inside`} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" id={`${deviceId}-inside`} gutterBottom>
        {tr('door.inside')}
      </Typography>
      {contents.isPending ? <Typography variant="body2">{tr('door.loading')}</Typography> : null}
      {contents.isError ? (
        <Typography variant="body2" color="error">
          {tr('door.contentsError')}
        </Typography>
      ) : null}
      {contents.isSuccess && !t && !r ? (
        <Typography variant="body2" color="text.secondary">
          {tr('door.empty')}
        </Typography>
      ) : null}
      {t ? (
        <Box data-testid="door-transaction" sx={{ mb: 1 }}>
          <Typography variant="body2">
            {tr('door.transaction', { mode: label('mode', t.event_type) })}{' '}
            <Link component={RouterLink} to={`/transactions?search=${encodeURIComponent(t.invoice_id)}`}>
              {t.invoice_id}
            </Link>{' '}
            · {label('transactionStatus', t.event_status)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {fullName(t.user) || t.phone_number || t.email || tr('door.noCustomer')} ·{' '}
            {tr('door.since', { date: at(t.started_at ?? t.created_at) })}
          </Typography>
        </Box>
      ) : null}
      {r ? (
        <Box data-testid="door-reservation">
          <Typography variant="body2">
            {tr('door.reservation')}{' '}
            <Link
              component={RouterLink}
              to={`/reservations?search=${encodeURIComponent(r.tracking_number ?? '')}`}
            >
              {r.tracking_number ?? tr('door.noTracking')}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {fullName(r.user) || r.phone_number || r.email || tr('door.noCustomer')} · {at(r.starts_at)} –{' '}
            {at(r.ends_at)}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}

export interface DoorActionsProps {
  device: Pick<TDevice, 'id' | 'name' | 'locker_number'> & {
    status: string;
    hardware_type: string;
    lock_status: string;
    /** the door's location: its times are shown on that location's clock (else the organization's) */
    id_location?: string | null;
  };
  /** admins unlock and switch maintenance (the server refuses the others: 403) */
  canAct: boolean;
}

/**
 * A door's actions where the door is: Unlock, after a confirmation naming the door, with
 * its message and the timeline following the unlock by itself (requested → sent → acknowledged →
 * opened or jammed); maintenance on and off, with the spec's confirmations. Below the actions, the
 * door's unlock timeline.
 */
export function DoorActions({ device, canAct }: DoorActionsProps) {
  const { t } = useTranslation('common');
  const unlock = useUnlockDoor();
  const maintenance = useDoorMaintenance();
  const [confirm, setConfirm] = useState<'unlock' | 'maintenance' | null>(null);
  const zone = useLocationZone(device.id_location);
  const inMaintenance = device.status === 'maintenance';
  return (
    <>
      {canAct ? (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            startIcon={<LockOpenOutlined />}
            // not disabled while an unlock runs: the confirmation hands the focus back to it
            disabled={!canUnlock(device)}
            aria-busy={unlock.isPending}
            onClick={() => !unlock.isPending && setConfirm('unlock')}
            sx={{ minHeight: 44 }}
          >
            {t('door.unlock')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<BuildOutlined />}
            disabled={device.status === 'reserved' || maintenance.isPending}
            onClick={() => setConfirm('maintenance')}
            sx={{ minHeight: 44 }}
          >
            {inMaintenance ? t('door.endMaintenance') : t('door.maintenance')}
          </Button>
        </Stack>
      ) : null}
      <UnlockTimeline deviceId={device.id} live={unlock.isPending} timeZone={zone} />
      <ConfirmDialog
        open={confirm === 'unlock'}
        title={t('door.unlockTitle', { number: device.locker_number })}
        message={t('door.unlockConfirm', { number: device.locker_number, name: device.name })}
        confirmText={t('door.unlock')}
        cancelText={t('button.cancel')}
        onConfirm={() => {
          setConfirm(null);
          unlock.mutate(device.id);
        }}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'maintenance'}
        message={translateMessage(
          inMaintenance ? DEVICE_MESSAGES.availableConfirm : DEVICE_MESSAGES.maintenanceConfirm,
        )}
        loading={maintenance.isPending}
        onConfirm={() =>
          maintenance.mutate(
            { id: device.id, disable: !inMaintenance },
            { onSettled: () => setConfirm(null) },
          )
        }
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}

/**
 * Everything a door dialog shows under its details: what the door holds, its actions for the
 * member's role and its unlock timeline. The device is re-read (`GET devices/{id}`) so that a
 * maintenance switch or an unlock shows at once; `device` is shown until then.
 */
export function DoorPanel({ device, canAct }: DoorActionsProps) {
  const fresh = useQuery(doorQueries.device(device.id));
  const zone = useLocationZone(device.id_location);
  return (
    <>
      <DoorContents deviceId={device.id} timeZone={zone} />
      <DoorActions device={fresh.data ?? device} canAct={canAct} />
    </>
  );
}

/** The door's device as last read (`GET devices/{id}`), for labels that must follow its actions. */
export const useDoorDevice = (id: string | undefined) =>
  useQuery({ ...doorQueries.device(id ?? ''), enabled: !!id });
