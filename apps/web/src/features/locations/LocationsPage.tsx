import { LOCATION_MESSAGES, locationsEndpoints, type TLocation, ZLocation } from '@lockerops/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Button, Switch, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { DetailsDialog } from '../../components/DetailsDialog';
import { PageTitle } from '../../components/PageTitle';
import { useLocationsMap, ZLocationPage } from './hooks';
import { LocationFormDialog, locationsKey } from './LocationFormDialog';
import { LocationsMap } from './LocationMap';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** The read-only "Location Details" of one location (spec operational §2 Locations). */
export function locationDetailsRows(l: TLocation) {
  return [
    { label: 'Name', value: l.name },
    { label: 'Address', value: l.address },
    { label: 'Custom ID', value: l.custom_id },
    { label: 'Contact Email', value: l.contact_email },
    { label: 'Contact Phone', value: l.contact_phone },
    {
      label: 'Position',
      value: l.latitude !== null && l.longitude !== null ? `${l.latitude}, ${l.longitude}` : '',
    },
    { label: 'Devices', value: String(l.devices) },
    { label: 'Status', value: l.hidden ? 'Hidden' : 'Live' },
    {
      label: 'Shared',
      value: l.shared_from_parent ? 'Shared by the parent organization' : l.shared ? 'Shared' : 'Standard',
    },
    { label: 'Require Image', value: yesNo(l.require_image) },
    {
      label: 'Access',
      value: l.restriction.restriction_type
        ? `Restricted to ${l.restriction.restriction_type}: ${l.restriction.items.map((i) => i.name).join(', ') || '—'}`
        : 'Unrestricted',
    },
  ];
}

/**
 * /locations (spec operational §2 Locations): table or map view, Add Location, the hide/live toggle
 * with confirmation (admins), bulk delete and export for admins.
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
  const toggle = useMutation({
    mutationFn: (l: TLocation) =>
      apiCall(locationsEndpoints.location.toggle, {
        params: { id: l.id },
        body: { hidden: !l.hidden },
        schema: ZLocation,
      }),
    onSuccess: () => {
      enqueueSnackbar(LOCATION_MESSAGES.updated, { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: locationsKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
  const all = useLocationsMap(view === 'map');

  const columns = useMemo<GridColDef<TLocation>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1,
        minWidth: 160,
        // a super-tenant parent's shared location, listed read-only (spec operational §4 Location)
        valueGetter: (_v, row) => (row.shared_from_parent ? `${row.name} (shared)` : row.name),
      },
      { field: 'address', headerName: 'Address', flex: 1, minWidth: 200 },
      { field: 'devices', headerName: 'Devices', width: 100, sortable: false },
      { field: 'contact_email', headerName: 'Contact Email', width: 180 },
      { field: 'custom_id', headerName: 'Custom ID', width: 120 },
      {
        field: 'hidden',
        headerName: 'Live',
        width: 90,
        renderCell: ({ row }) => (
          <Switch
            size="small"
            checked={!row.hidden}
            disabled={!isAdmin || row.shared_from_parent}
            slotProps={{ input: { 'aria-label': `Live ${row.name}` } }}
            onClick={(e) => e.stopPropagation()}
            onChange={() => (row.hidden ? toggle.mutate(row) : setToggling(row))}
          />
        ),
      },
    ],
    [isAdmin, toggle],
  );

  return (
    <>
      <PageTitle
        title="Locations"
        actions={
          <>
            <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v) => v && setView(v)}>
              <ToggleButton value="table">Table</ToggleButton>
              <ToggleButton value="map">Map</ToggleButton>
            </ToggleButtonGroup>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setDialog({ location: null })}
            >
              Add Location
            </Button>
          </>
        }
      />
      {view === 'map' ? (
        <LocationsMap locations={all.data?.items ?? []} onOpen={setDetails} />
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
        title="Location Details"
        rows={details ? locationDetailsRows(details) : []}
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
        open={!!toggling}
        message={LOCATION_MESSAGES.hideConfirm}
        loading={toggle.isPending}
        onConfirm={() => toggling && toggle.mutate(toggling, { onSettled: () => setToggling(null) })}
        onCancel={() => setToggling(null)}
      />
    </>
  );
}
