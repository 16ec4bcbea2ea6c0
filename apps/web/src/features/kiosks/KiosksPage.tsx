import type { TCourier, TKiosk } from '@lockerops/contract';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import type { PickerOption } from '../../api/pickers';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormSearchPicker } from '../../components/form';
import { PageTitle } from '../../components/PageTitle';
import { PairScreenDialog } from '../../components/PairScreenDialog';
import { type StackedColumn, StackedTable } from '../../components/StackedTable';
import { formatDateTime } from '../../lib/format';
import { useCourierCode, useCouriersQuery, useKiosksQuery, useRemoveCourier, useRevokeScreen } from './hooks';

/** A destructive action waiting for its confirmation, with the name of what it acts on. */
type Confirming = { kind: 'revoke' | 'remove'; id: string; name: string };

/** A code shown once: what it is for, the code itself, until when. */
type Shown = { title: string; code: string; hint: string };

/**
 * /kiosks: the screens at the walls (place, state, online, last seen, app version) with "Pair a
 * screen" (a one-time code typed on the tablet at /kiosk) and revoke; and the couriers with their
 * codes, shown once when made or replaced (README: The screen at the wall).
 */
export function KiosksPage() {
  const { t } = useTranslation('kiosks');
  const kiosks = useKiosksQuery();
  const couriers = useCouriersQuery();
  const revoke = useRevokeScreen();
  const courierCode = useCourierCode();
  const removeCourier = useRemoveCourier();
  const [pairing, setPairing] = useState(false);
  const [courierName, setCourierName] = useState('');
  const [adding, setAdding] = useState(false);
  const [existing, setExisting] = useState<PickerOption | null>(null);
  const pick = useForm<{ id: string }>({ defaultValues: { id: '' } });
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : t('never'));

  const run = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(formatApiError(e));
    }
  };

  const screenColumns: StackedColumn<TKiosk>[] = [
    { key: 'name', header: t('name'), cell: (k) => k.name },
    {
      key: 'place',
      header: t('place'),
      cell: (k) => (k.locker_wall_name ? `${k.location_name} · ${k.locker_wall_name}` : k.location_name),
    },
    {
      key: 'state',
      header: t('state'),
      cell: (k) => (
        <Chip
          size="small"
          color={k.online ? 'success' : 'default'}
          label={k.state === 'paired' ? t(k.online ? 'online' : 'offline') : t(k.state)}
        />
      ),
    },
    { key: 'lastSeen', header: t('lastSeen'), cell: (k) => when(k.last_seen_at) },
    { key: 'version', header: t('version'), cell: (k) => k.app_version ?? '—' },
    {
      key: 'actions',
      header: t('actions'),
      actions: true,
      cell: (k) =>
        k.state !== 'revoked' && (
          <Button color="error" onClick={() => setConfirming({ kind: 'revoke', id: k.id, name: k.name })}>
            {t('revoke')}
          </Button>
        ),
    },
  ];
  const courierColumns: StackedColumn<TCourier>[] = [
    { key: 'name', header: t('name'), cell: (c) => c.name },
    {
      key: 'code',
      header: t('courierState'),
      cell: (c) => (
        <Chip
          size="small"
          color={c.active && c.has_code ? 'success' : 'default'}
          label={t(!c.active ? 'deactivated' : c.has_code ? 'hasCode' : 'noCode')}
        />
      ),
    },
    { key: 'lastUsed', header: t('lastUsed'), cell: (c) => when(c.last_used_at) },
    {
      key: 'actions',
      header: t('actions'),
      actions: true,
      cell: (c) => (
        <>
          <Button
            onClick={() =>
              run(async () => {
                const r = await courierCode.mutateAsync({ id: c.id });
                setShown({ title: t('courierCode', { name: r.name }), code: r.code, hint: t('courierHint') });
              })
            }
          >
            {t(c.has_code ? 'newCode' : 'issueCode')}
          </Button>
          <Button color="error" onClick={() => setConfirming({ kind: 'remove', id: c.id, name: c.name })}>
            {t('remove')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <PageTitle
        title={t('title')}
        actions={
          <Button variant="contained" onClick={() => setPairing(true)}>
            {t('pair')}
          </Button>
        }
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('screens')}
          </Typography>
          <StackedTable
            label={t('screens')}
            columns={screenColumns}
            rows={kiosks.data?.items ?? []}
            rowKey={(k) => k.id}
            empty={kiosks.data ? t('noScreens') : undefined}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}
          >
            <Typography component="h2" variant="h6">
              {t('couriers')}
            </Typography>
            <Button variant="outlined" onClick={() => setAdding(true)}>
              {t('addCourier')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('couriersHint')}
          </Typography>
          <StackedTable
            label={t('couriers')}
            columns={courierColumns}
            rows={couriers.data?.items ?? []}
            rowKey={(c) => c.id}
            empty={couriers.data ? t('noCouriers') : undefined}
          />
        </CardContent>
      </Card>

      <PairScreenDialog open={pairing} onClose={() => setPairing(false)} />

      <Dialog open={adding} onClose={() => setAdding(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('addCourier')}</DialogTitle>
        <DialogContent>
          <TextField
            sx={{ mt: 1 }}
            fullWidth
            label={t('newCourierName')}
            value={courierName}
            disabled={existing !== null}
            onChange={(e) => setCourierName(e.target.value)}
          />
          <Typography variant="body2" sx={{ my: 1 }}>
            {t('orExisting')}
          </Typography>
          <FormSearchPicker
            control={pick.control}
            name="id"
            area="users"
            label={t('existingUser')}
            onPick={setExisting}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdding(false)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={!courierName.trim() && existing === null}
            onClick={() =>
              run(async () => {
                const r = await courierCode.mutateAsync(
                  existing ? { id_user: existing.id } : { name: courierName },
                );
                setAdding(false);
                setCourierName('');
                setExisting(null);
                pick.reset({ id: '' });
                setShown({ title: t('courierCode', { name: r.name }), code: r.code, hint: t('courierHint') });
              })
            }
          >
            {t('addCourier')}
          </Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={confirming !== null}
        destructive
        title={confirming ? t(confirming.kind === 'revoke' ? 'revokeTitle' : 'removeTitle') : undefined}
        message={confirming ? t(confirming.kind === 'revoke' ? 'revokeQuestion' : 'removeQuestion') : ''}
        objectName={confirming?.name}
        confirmText={confirming ? t(confirming.kind) : undefined}
        cancelText={t('cancel')}
        loading={revoke.isPending || removeCourier.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          run(async () => {
            if (!confirming) return;
            if (confirming.kind === 'revoke') await revoke.mutateAsync(confirming.id);
            else await removeCourier.mutateAsync(confirming.id);
            setConfirming(null);
          })
        }
      />

      <Dialog open={shown !== null} onClose={() => setShown(null)} fullWidth maxWidth="xs">
        <DialogTitle>{shown?.title}</DialogTitle>
        <DialogContent>
          <Typography
            variant="h4"
            component="p"
            sx={{ fontFamily: 'monospace', my: 2 }}
            data-testid="shown-code"
          >
            {shown?.code}
          </Typography>
          <Typography>{shown?.hint}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShown(null)}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
