import { RESERVATION_MODE_FILTERS, type TReservation } from '@lockerops/contract';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { Button } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhoneCountry, usePlaceZone } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type TableFilter } from '../../components/DataTable';
import { addAction, PageTitle } from '../../components/PageTitle';
import { useEnumLabel } from '../../i18n/enums';
import { reservationColumns } from './columns';
import { RESERVATIONS_ENDPOINT, reservationsKey, useDeleteReservation, ZReservationPage } from './hooks';
import { ReservationFormDialog } from './ReservationFormDialog';
import { ReservationSettingsDialog } from './ReservationSettingsDialog';

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
  const [dialog, setDialog] = useState<{ reservation: TReservation | null } | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [deleting, setDeleting] = useState<TReservation | null>(null);
  const remove = useDeleteReservation();

  const zoneOf = usePlaceZone();
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
  /** The mode filter: all (the default, always sent), service, storage, delivery, Asset; remembered. */
  const filters = useMemo<TableFilter[]>(
    () => [
      {
        key: 'mode',
        kind: 'select',
        label: t('modeFilter'),
        options: RESERVATION_MODE_FILTERS.map((m) => ({
          value: m,
          label: m === 'all' ? t('all') : label('mode', m),
        })),
        values: RESERVATION_MODE_FILTERS,
        defaultValue: 'all',
        remember: true,
        minWidth: 140,
      },
    ],
    [t, label],
  );

  return (
    <>
      <PageTitle
        title={t('title')}
        actions={
          <>
            <Button variant="outlined" startIcon={<SettingsOutlined />} onClick={() => setSettingsOpen(true)}>
              {t('settingsButton')}
            </Button>
            {addAction(t('add'), () => setDialog({ reservation: null }))}
          </>
        }
      />
      <DataTable<TReservation>
        queryKey={reservationsKey}
        endpoint={RESERVATIONS_ENDPOINT}
        schema={ZReservationPage}
        columns={columns}
        filterPage="reservations"
        filters={filters}
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
        destructive
        open={!!deleting}
        objectName={deleting?.tracking_number ?? undefined}
        message={t('confirmDelete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
