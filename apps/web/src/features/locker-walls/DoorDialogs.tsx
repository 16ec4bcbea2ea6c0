import type { TWallDevice, TWallDoor } from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { DoorPanel, useDoorDevice } from '../../components/door/DoorPanel';
import { useEnumLabel } from '../../i18n/enums';
import { lockStatusValue } from '../../lib/lockStatus';
import { useUnassignedDevices } from './hooks';

const Row = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2">{value}</Typography>
  </Box>
);

export interface LockerDetailsDialogProps {
  door: TWallDoor | null;
  /** the member may unlock the door and switch its maintenance (admins) */
  canAct?: boolean;
  onClose: () => void;
  onReassign: () => void;
  onUnassign: () => void;
  onQrCode: () => void;
  /** opens the door's health details (Fleet health) */
  onHealth: () => void;
  busy?: boolean;
}

/**
 * "Locker Details" of an assigned door: the device, its state, what it holds, Unlock and maintenance
 * for admins with the door's unlock timeline, and Door health (its details of Fleet health) /
 * Reassign / Unassign / QR Code.
 */
export function LockerDetailsDialog({
  door,
  canAct = false,
  onClose,
  onReassign,
  onUnassign,
  onQrCode,
  onHealth,
  busy,
}: LockerDetailsDialogProps) {
  const d = door?.device;
  const fresh = useDoorDevice(d?.id);
  const titleId = useId();
  const { t } = useTranslation('lockerWalls');
  const label = useEnumLabel();
  return (
    <Dialog open={!!door && !!d} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('details.title')}</DialogTitle>
      <DialogContent>
        {door && d ? (
          <>
            <Row label={t('details.name')} value={d.name} />
            <Row label={t('details.lockerNumber')} value={String(d.locker_number)} />
            <Row
              label={t('details.status')}
              value={fresh.data ? label('deviceStatus', fresh.data.status) : label('doorState', door.state)}
            />
            <Row
              label={t('details.lockStatus')}
              value={label('lockStatus', lockStatusValue(fresh.data ?? d))}
            />
            <Row label={t('details.size')} value={d.size?.name ?? '—'} />
            <Row label={t('details.product')} value={d.product?.name ?? '—'} />
            <Row label={t('details.mode')} value={label('mode', d.mode)} />
            <Row label={t('details.hardware')} value={label('hardware', d.hardware_type)} />
            <Row label={t('details.columnRow')} value={`${door.x} / ${door.y}`} />
            <DoorPanel device={d} canAct={canAct} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={onHealth}>{t('details.health')}</Button>
        <Button onClick={onQrCode}>{t('qr.title')}</Button>
        <Button color="error" onClick={onUnassign} disabled={busy}>
          {t('details.unassign')}
        </Button>
        <Button variant="contained" onClick={onReassign} disabled={busy}>
          {t('assign.reassign')}
        </Button>
        <Button onClick={onClose}>{t('common:button.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export interface AssignDialogProps {
  open: boolean;
  wallId: string | null;
  door: TWallDoor | null;
  /** true: the door's device is replaced */
  reassign: boolean;
  busy?: boolean;
  onCancel: () => void;
  onAssign: (deviceId: string) => void;
}

const deviceLabel = (d: TWallDevice) => `#${d.locker_number} ${d.name}${d.size ? ` (${d.size.name})` : ''}`;

/**
 * "Assign Locker" / "Reassign Locker": picks one of the devices of the wall's location that sit in no
 * door (`GET locker-walls/{id}/unassigned-devices`).
 */
export function AssignDialog({ open, wallId, door, reassign, busy, onCancel, onAssign }: AssignDialogProps) {
  const devices = useUnassignedDevices(wallId, open);
  const [choice, setChoice] = useState('');
  const labelId = useId();
  const { t } = useTranslation('lockerWalls');
  useEffect(() => {
    if (open) setChoice('');
  }, [open]);
  const items = devices.data ?? [];

  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>{reassign ? t('assign.reassignTitle') : t('assign.assignTitle')}</DialogTitle>
      <DialogContent>
        {door ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {reassign && door.device
              ? t('assign.placeNow', { x: door.x, y: door.y, device: deviceLabel(door.device) })
              : t('assign.place', { x: door.x, y: door.y })}
          </Typography>
        ) : null}
        {devices.isPending ? (
          <CircularProgress size={24} aria-label={t('common:table.loading')} />
        ) : devices.isError ? (
          <Alert severity="error">{formatApiError(devices.error)}</Alert>
        ) : items.length === 0 ? (
          <Alert severity="info">{t('assign.allAssigned')}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            label={t('assign.device')}
            id={labelId}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            {items.map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {deviceLabel(d)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common:button.cancel')}</Button>
        <Button variant="contained" disabled={!choice || busy} onClick={() => onAssign(choice)}>
          {reassign ? t('assign.reassign') : t('assign.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface QrCodeDialogProps {
  device: TWallDevice | null;
  onClose: () => void;
}

/** "QR Code" of a locker: the device id as a QR code, downloadable as a PNG. */
export function QrCodeDialog({ device, onClose }: QrCodeDialogProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { t } = useTranslation('lockerWalls');
  const download = () => {
    if (!canvas.current || !device) return;
    const a = document.createElement('a');
    a.href = canvas.current.toDataURL('image/png');
    a.download = `locker_${device.locker_number}_qr.png`;
    a.click();
  };
  return (
    <Dialog open={!!device} onClose={onClose} maxWidth="xs">
      <DialogTitle>{t('qr.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        {device ? (
          <>
            <QRCodeCanvas ref={canvas} value={device.id} size={200} marginSize={2} title={device.name} />
            <Typography variant="body2">
              #{device.locker_number} {device.name}
            </Typography>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={download}>{t('qr.download')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('common:button.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
