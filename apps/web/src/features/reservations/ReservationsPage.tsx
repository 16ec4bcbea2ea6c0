import {
  RESERVATION_MODE_FILTERS,
  type TReservation,
  type TReservationModeFilter,
} from '@lockerops/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { Button, MenuItem, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocationZones, usePhoneCountry } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { useEnumLabel } from '../../i18n/enums';
import { reservationColumns } from './columns';
import { RESERVATIONS_ENDPOINT, reservationsKey, useDeleteReservation, ZReservationPage } from './hooks';
import { ReservationFormDialog } from './ReservationFormDialog';
import { ReservationSettingsDialog } from './ReservationSettingsDialog';
import { readLastModeFilter, writeLastModeFilter } from './reservationForm';

/**
 * /reservations (spec operational §2 Reservations): the table with its column chooser, the mode
 * filter (all, service, storage, delivery, Asset — remembered locally, default all), Add Reservation,
 * Reservation Settings and the add/edit dialog. Viewers never reach it; only admins delete and select.
 */
export function ReservationsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t } = useTranslation('reservations');
  const label = useEnumLabel();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [mode, setMode] = useState<TReservationModeFilter>(() => readLastModeFilter());
  const [dialog, setDialog] = useState<{ reservation: TReservation | null } | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [deleting, setDeleting] = useState<TReservation | null>(null);
  const remove = useDeleteReservation();

  const zoneOf = useLocationZones();
  const country = usePhoneCountry();
  const columns = useMemo(
    () =>
      reservationColumns({
        t,
        label,
        zoneOf,
        country,
        onEdit: (reservation) => setDialog({ reservation }),
        onDelete: isAdmin ? setDeleting : undefined,
      }),
    [t, label, isAdmin, zoneOf, country],
  );
  const extraParams = useMemo(() => ({ mode }), [mode]);

  return (
    <>
      <PageTitle
        title={t('title')}
        actions={
          <>
            <Button variant="outlined" startIcon={<SettingsOutlined />} onClick={() => setSettingsOpen(true)}>
              {t('settingsButton')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setDialog({ reservation: null })}
            >
              {t('add')}
            </Button>
          </>
        }
      />
      <DataTable<TReservation>
        queryKey={reservationsKey}
        endpoint={RESERVATIONS_ENDPOINT}
        schema={ZReservationPage}
        columns={columns}
        filterPage="reservations"
        extraParams={extraParams}
        toolbar={
          <TextField
            select
            size="small"
            label={t('modeFilter')}
            value={mode}
            onChange={(e) => {
              const next = e.target.value as TReservationModeFilter;
              setMode(next);
              writeLastModeFilter(next);
            }}
            sx={{ minWidth: 140 }}
          >
            {RESERVATION_MODE_FILTERS.map((m) => (
              <MenuItem key={m} value={m}>
                {m === 'all' ? t('all') : label('mode', m)}
              </MenuItem>
            ))}
          </TextField>
        }
        canSelect={isAdmin}
        bulkDelete
        exportModel="reservation"
        onRowClick={(reservation) => setDialog({ reservation })}
        disableVirtualization={disableVirtualization}
      />
      <ReservationFormDialog
        open={!!dialog}
        reservation={dialog?.reservation ?? null}
        isAdmin={isAdmin}
        onClose={() => setDialog(null)}
      />
      <ReservationSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ConfirmDialog
        open={!!deleting}
        message={t('confirmDelete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
