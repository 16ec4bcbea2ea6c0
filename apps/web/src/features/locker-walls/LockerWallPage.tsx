import { LOCKER_WALL_MESSAGES, type TLockerWall, type TWallDoor } from '@lockerops/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import TabletOutlined from '@mui/icons-material/TabletOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { useDoorsHealth } from '../../api/fleetHealth';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SearchFilterField } from '../../components/DataTable';
import { HealthLegend } from '../../components/DoorHealth';
import { DeviceHealthDialog } from '../../components/health/DeviceHealthDialog';
import { PageTitle } from '../../components/PageTitle';
import { PairScreenDialog } from '../../components/PairScreenDialog';
import { translateMessage } from '../../i18n/messages';
import { AssignDialog, LockerDetailsDialog, QrCodeDialog } from './DoorDialogs';
import { useDeleteLockerWall, useLockerWalls, useWallAction, useWallLocation } from './hooks';
import { LockerWallFormDialog } from './LockerWallFormDialog';
import { QrSheetDialog } from './QrSheetDialog';
import { WallGrid, WallLegend } from './WallGrid';
import { pickWall, readLastLocation, writeLastLocation } from './wallLayout';

type Confirm = { kind: 'deleteWall' } | { kind: 'unassign'; door: TWallDoor } | { kind: 'removeKiosk' };

/**
 * /locker-wall (spec operational §2 Locker wall): location (searched on the server as typed) and wall
 * pickers, Add / Edit / Delete Locker
 * Wall, the wall header, the legend with counts and the door grid with its dialogs (locker details,
 * assign / reassign, unassign, QR code), Print QR codes (the wall's sheet for the Lite App), Pair a
 * screen for this wall (admins), the kiosk dragged to another door or removed. The last
 * location chosen is remembered in this browser. Viewers never reach it; deleting a wall is for admins.
 */
export function LockerWallPage() {
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  // `?location=` (a link from Fleet health) wins over the place last chosen here
  const [locationId, setLocationId] = useState<string | null>(
    () => new URLSearchParams(window.location.search).get('location') ?? readLastLocation(),
  );
  const [wallId, setWallId] = useState<string | null>(null);
  const [form, setForm] = useState<{ wall: TLockerWall | null } | null>(null);
  const [pairing, setPairing] = useState(false);
  const [details, setDetails] = useState<TWallDoor | null>(null);
  const [assign, setAssign] = useState<{ door: TWallDoor; reassign: boolean } | null>(null);
  const [qr, setQr] = useState<TWallDoor | null>(null);
  const [healthOf, setHealthOf] = useState<string | null>(null);
  const [sheet, setSheet] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  const located = useWallLocation(locationId);
  const pageLocation = located.place;
  const currentLocation = pageLocation?.id ?? null;
  const health = useDoorsHealth(currentLocation);
  const walls = useLockerWalls(currentLocation);
  const pageName = pageLocation?.label;
  const wall = pickWall(walls.data ?? [], wallId);
  const action = useWallAction(wall?.id ?? null);
  const removeWall = useDeleteLockerWall();
  const { t } = useTranslation('lockerWalls');

  useEffect(() => {
    if (currentLocation) writeLastLocation(currentLocation);
  }, [currentLocation]);

  const closeAll = () => {
    setDetails(null);
    setAssign(null);
    setConfirm(null);
  };

  const onConfirm = () => {
    if (!confirm) return;
    if (confirm.kind === 'deleteWall' && wall) {
      removeWall.mutate(wall.id, { onSettled: () => setConfirm(null), onSuccess: () => setWallId(null) });
    } else if (confirm.kind === 'unassign') {
      action.mutate(
        { kind: 'door', x: confirm.door.x, y: confirm.door.y, id_device: null },
        { onSettled: closeAll },
      );
    } else if (confirm.kind === 'removeKiosk') {
      action.mutate({ kind: 'removeKiosk' }, { onSettled: () => setConfirm(null) });
    }
  };

  const confirmText: Record<Confirm['kind'], string> = {
    deleteWall: translateMessage(LOCKER_WALL_MESSAGES.deleteConfirm),
    unassign: translateMessage(LOCKER_WALL_MESSAGES.unassignConfirm),
    removeKiosk: translateMessage(LOCKER_WALL_MESSAGES.kioskDeleteConfirm),
  };

  return (
    <>
      <PageTitle
        title={t('title')}
        actions={
          <>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              disabled={located.pending}
              onClick={() => setForm({ wall: null })}
            >
              {t('action.add')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              disabled={!wall}
              onClick={() => wall && setForm({ wall })}
            >
              {t('action.edit')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<QrCode2Outlined />}
              disabled={!wall}
              onClick={() => setSheet(true)}
            >
              {t('qrSheet.action')}
            </Button>
            {isAdmin ? (
              <Button
                variant="outlined"
                startIcon={<TabletOutlined />}
                disabled={!wall || !pageLocation}
                onClick={() => setPairing(true)}
              >
                {t('action.pairScreen')}
              </Button>
            ) : null}
            {isAdmin ? (
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlined />}
                disabled={!wall}
                onClick={() => setConfirm({ kind: 'deleteWall' })}
              >
                {t('action.delete')}
              </Button>
            ) : null}
          </>
        }
      />

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchFilterField
          filter={{
            key: 'location',
            kind: 'search',
            area: 'locations',
            label: t('field.location'),
            minWidth: 240,
            size: 'medium',
          }}
          value={currentLocation ?? ''}
          onChange={(id) => {
            // a place is always shown: clearing the field keeps the one chosen
            if (!id) return;
            setLocationId(id);
            setWallId(null);
          }}
        />
        <TextField
          select
          label={t('field.lockerWall')}
          sx={{ minWidth: 240 }}
          value={wall?.id ?? ''}
          onChange={(e) => setWallId(e.target.value)}
          disabled={!walls.data?.length}
        >
          {(walls.data ?? []).map((w) => (
            <MenuItem key={w.id} value={w.id}>
              {w.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {located.error ? <Alert severity="error">{formatApiError(located.error)}</Alert> : null}
      {walls.isError ? <Alert severity="error">{formatApiError(walls.error)}</Alert> : null}
      {located.pending || (currentLocation && walls.isPending) ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CircularProgress size={20} />
          <Typography>{t('common:table.loading')}</Typography>
        </Box>
      ) : !currentLocation ? (
        <Typography color="text.secondary" data-testid="no-locations">
          {t('empty.noLocations')}
        </Typography>
      ) : !wall ? (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="no-walls">
          <Typography sx={{ mb: 2 }}>{t('empty.noWalls', { location: pageName ?? '' })}</Typography>
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setForm({ wall: null })}>
            {t('action.add')}
          </Button>
        </Paper>
      ) : (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
            <Box
              sx={{
                width: 160,
                height: 100,
                borderRadius: 1,
                overflow: 'hidden',
                bgcolor: 'action.hover',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                flexShrink: 0,
              }}
            >
              {wall.image ? (
                <img
                  src={wall.image}
                  alt={wall.name}
                  style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              ) : (
                <ImageOutlined color="disabled" />
              )}
            </Box>
            <Box>
              <Typography variant="h6">{wall.name}</Typography>
              {wall.custom_id ? (
                <Typography variant="body2" color="text.secondary">
                  {t('header.customId', { id: wall.custom_id })}
                </Typography>
              ) : null}
              {wall.description ? <Typography variant="body2">{wall.description}</Typography> : null}
            </Box>
          </Paper>
          <WallLegend counts={wall.counts} />
          {health ? <HealthLegend doors={[...health.values()]} /> : null}
          <WallGrid
            wall={wall}
            health={health}
            busy={action.isPending}
            onDoor={(door) => (door.device ? setDetails(door) : setAssign({ door, reassign: false }))}
            onMoveKiosk={(x, y) => action.mutate({ kind: 'moveKiosk', x, y })}
            onRemoveKiosk={() => setConfirm({ kind: 'removeKiosk' })}
          />
        </Stack>
      )}

      {form ? (
        <LockerWallFormDialog
          open
          wall={form.wall}
          location={pageLocation}
          onClose={() => setForm(null)}
          onSaved={(saved) => {
            // the page follows the wall to the location it was saved under
            setLocationId(saved.id_location);
            setWallId(saved.id);
          }}
        />
      ) : null}
      <LockerDetailsDialog
        door={details}
        canAct={isAdmin}
        busy={action.isPending}
        onClose={() => setDetails(null)}
        onReassign={() => details && setAssign({ door: details, reassign: true })}
        onUnassign={() => details && setConfirm({ kind: 'unassign', door: details })}
        onQrCode={() => setQr(details)}
        onHealth={() => setHealthOf(details?.device?.id ?? null)}
      />
      <DeviceHealthDialog id={healthOf} onClose={() => setHealthOf(null)} />
      <AssignDialog
        open={!!assign}
        wallId={wall?.id ?? null}
        door={assign?.door ?? null}
        reassign={!!assign?.reassign}
        busy={action.isPending}
        onCancel={() => setAssign(null)}
        onAssign={(deviceId) =>
          assign &&
          action.mutate(
            {
              kind: 'door',
              x: assign.door.x,
              y: assign.door.y,
              id_device: deviceId,
              reassign: assign.reassign,
            },
            { onSuccess: closeAll },
          )
        }
      />
      <QrCodeDialog device={qr?.device ?? null} onClose={() => setQr(null)} />
      {pageLocation && wall ? (
        <PairScreenDialog
          open={pairing}
          onClose={() => setPairing(false)}
          place={{ id: pageLocation.id, name: pageLocation.label }}
          wallId={wall.id}
        />
      ) : null}
      <QrSheetDialog
        open={sheet && !!wall}
        wall={wall}
        placeName={pageName ?? ''}
        onClose={() => setSheet(false)}
      />
      <ConfirmDialog
        destructive
        open={!!confirm}
        message={confirm ? confirmText[confirm.kind] : ''}
        objectName={
          confirm?.kind === 'deleteWall'
            ? wall?.name
            : confirm?.kind === 'unassign'
              ? (confirm.door.device?.name ?? undefined)
              : undefined
        }
        loading={action.isPending || removeWall.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
