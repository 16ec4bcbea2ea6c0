import { LOCATION_MESSAGES, locationsEndpoints, type TLocation, ZLocation } from '@lockerops/contract';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { DetailsDialog } from '../../components/DetailsDialog';
import { addAction, PageTitle } from '../../components/PageTitle';
import { translateMessage } from '../../i18n/messages';
import { formatPhone } from '../../lib/format';
import { locationColumns } from './columns';
import { useLocationsMap, WORLD_VIEW, ZLocationPage } from './hooks';
import { LocationFormDialog, locationsKey } from './LocationFormDialog';
import { LocationsMap } from './LocationMap';

/** The read-only "Location Details" of one location (spec operational §2 Locations). */
export function locationDetailsRows(l: TLocation, t: TFunction) {
  const yesNo = (v: boolean) => (v ? t('common:button.yes') : t('common:button.no'));
  return [
    { label: t('locations:field.name'), value: l.name },
    { label: t('locations:field.address'), value: l.address },
    { label: t('locations:field.customId'), value: l.custom_id },
    { label: t('locations:field.contactEmail'), value: l.contact_email },
    { label: t('locations:field.contactPhone'), value: formatPhone(l.contact_phone) },
    {
      label: t('locations:details.position'),
      value: l.latitude !== null && l.longitude !== null ? `${l.latitude}, ${l.longitude}` : '',
    },
    { label: t('locations:field.devices'), value: String(l.devices) },
    {
      label: t('locations:details.status'),
      value: l.hidden ? t('locations:details.hidden') : t('locations:details.live'),
    },
    {
      label: t('locations:field.shared'),
      value: l.shared_from_parent
        ? t('locations:details.sharedByParent')
        : l.shared
          ? t('locations:field.shared')
          : t('locations:details.standard'),
    },
    { label: t('locations:field.requireImage'), value: yesNo(l.require_image) },
    {
      label: t('locations:field.access'),
      value: l.restriction.restriction_type
        ? t(`locations:details.restrictedTo.${l.restriction.restriction_type}`, {
            names: l.restriction.items.map((i) => i.name).join(', ') || '—',
          })
        : t('locations:access.unrestricted'),
    },
  ];
}

/**
 * /locations (spec operational §2 Locations): table or map view, Add Location, the hide/live toggle
 * with confirmation (admins), bulk delete and export for admins. The map reads the locations of its
 * view as it pans and zooms (at most `LOCATIONS_MAP_LIMIT`), framed first on those of the whole
 * world's first page: no page reads every location.
 */
export function LocationsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const [view, setView] = useState<'table' | 'map'>('table');
  const [dialog, setDialog] = useState<{ location: TLocation | null } | null>(null);
  const [details, setDetails] = useState<TLocation | null>(null);
  const [toggling, setToggling] = useState<TLocation | null>(null);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation('locations');
  // `/locations?location=<id>` (a device's location link) opens that location: to edit for an
  // admin, its details otherwise
  const [params, setParams] = useSearchParams();
  const linked = params.get('location');
  const linkedLocation = useQuery({
    queryKey: [...locationsKey, linked, 'linked'],
    queryFn: ({ signal }) =>
      apiCall(locationsEndpoints.locations.get, {
        params: { id: String(linked) },
        schema: ZLocation,
        signal,
      }),
    enabled: !!linked,
  });
  useEffect(() => {
    const l = linkedLocation.data;
    if (!linked || !l) return;
    if (isAdmin && !l.shared_from_parent) setDialog({ location: l });
    else setDetails(l);
    setParams(
      (p) => {
        p.delete('location');
        return p;
      },
      { replace: true },
    );
  }, [linked, linkedLocation.data, isAdmin, setParams]);
  const toggle = useMutation({
    mutationFn: (l: TLocation) =>
      apiCall(locationsEndpoints.location.toggle, {
        params: { id: l.id },
        body: { hidden: !l.hidden },
        schema: ZLocation,
      }),
    onSuccess: () => {
      enqueueSnackbar(translateMessage(LOCATION_MESSAGES.updated), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: locationsKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
  const [mapView, setMapView] = useState<string | null>(null);
  const framing = useLocationsMap(WORLD_VIEW, view === 'map');
  const inView = useLocationsMap(mapView ?? WORLD_VIEW, view === 'map');
  const drawn = inView.data ?? framing.data;

  const columns = useMemo(
    () => locationColumns(t, isAdmin, (row) => (row.hidden ? toggle.mutate(row) : setToggling(row))),
    [isAdmin, toggle, t],
  );

  return (
    <>
      <PageTitle
        title={t('title')}
        actions={
          <>
            <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v) => v && setView(v)}>
              <ToggleButton value="table">{t('view.table')}</ToggleButton>
              <ToggleButton value="map">{t('view.map')}</ToggleButton>
            </ToggleButtonGroup>
            {addAction(t('action.add'), () => setDialog({ location: null }))}
          </>
        }
      />
      {view === 'map' ? (
        <LocationsMap
          frame={framing.data?.items ?? []}
          locations={drawn?.items ?? []}
          total={drawn?.total ?? 0}
          onView={setMapView}
          onOpen={setDetails}
        />
      ) : (
        <DataTable<TLocation>
          queryKey={locationsKey}
          endpoint={locationsEndpoints.locations}
          schema={ZLocationPage}
          columns={columns}
          filterPage="locations"
          canSelect={isAdmin}
          isRowSelectable={(l) => !l.shared_from_parent}
          bulkDelete
          exportModel="location"
          onRowClick={setDetails}
          disableVirtualization={disableVirtualization}
        />
      )}
      <DetailsDialog
        open={!!details}
        title={t('details.title')}
        rows={details ? locationDetailsRows(details, t) : []}
        onClose={() => setDetails(null)}
        onEdit={
          isAdmin && details && !details.shared_from_parent
            ? () => {
                setDialog({ location: details });
                setDetails(null);
              }
            : undefined
        }
      />
      <LocationFormDialog
        open={!!dialog}
        location={dialog?.location ?? null}
        isAdmin={isAdmin}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        destructive
        open={!!toggling}
        objectName={toggling?.name}
        message={translateMessage(LOCATION_MESSAGES.hideConfirm)}
        loading={toggle.isPending}
        onConfirm={() => toggling && toggle.mutate(toggling, { onSettled: () => setToggling(null) })}
        onCancel={() => setToggling(null)}
      />
    </>
  );
}
