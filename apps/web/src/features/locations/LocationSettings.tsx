import {
  devicesEndpoints,
  locationsEndpoints,
  type TLocation,
  type TRestrictionType,
  ZDetailResponse,
  ZDeviceBulkResponse,
} from '@lockerops/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { FormSearchPicker, FormSearchPickerMany } from '../../components/form';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { useAssignees, useLocationDevices } from './hooks';
import { locationsKey } from './keys';

/**
 * The "Settings" tab of "Edit Location" (spec: operational §2 Locations, §4 Location): the devices
 * at the location (`GET locations/{id}/devices`) with assignment of devices of other locations
 * (`PATCH devices` with the new `id_location`), and for a Restricted location the users or groups
 * assigned to it (`PATCH resources/{id}/assign-user` / `remove-user`).
 */
export function LocationSettings({ location }: { location: TLocation }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const here = useLocationDevices(location.id);
  // devices of any location, searched on the server as typed (one already here stays here)
  const pick = useForm<{ ids: string[] }>({ defaultValues: { ids: [] } });
  const picked = useWatch({ control: pick.control, name: 'ids' });
  const { t } = useTranslation('locations');
  const label = useEnumLabel();
  const move = useMutation({
    mutationFn: (ids: string[]) =>
      apiCall(devicesEndpoints.devices.bulkEdit, {
        body: { id_devices: ids, device: { id_location: location.id } },
        schema: ZDeviceBulkResponse,
      }),
    onSuccess: (r) => {
      enqueueSnackbar(translateMessage(r.detail), { variant: r.failed.length ? 'warning' : 'success' });
      for (const f of r.failed) enqueueSnackbar(translateMessage(f.detail), { variant: 'error' });
      pick.reset({ ids: [] });
      void queryClient.invalidateQueries({ queryKey: locationsKey });
      void queryClient.invalidateQueries({ queryKey: ['devices'] });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      <Typography variant="subtitle2">{t('field.devices')}</Typography>
      {here.data && here.data.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('settings.noDevices')}
        </Typography>
      ) : null}
      <List dense aria-label={t('settings.devicesHere')}>
        {(here.data?.items ?? []).map((d) => (
          <ListItem key={d.id} disableGutters>
            <ListItemText
              primary={`#${d.locker_number} ${d.name}`}
              secondary={label('deviceStatus', d.status)}
            />
          </ListItem>
        ))}
      </List>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1 }}>
          <FormSearchPickerMany
            control={pick.control}
            name="ids"
            area="devices"
            label={t('settings.assignDevices')}
          />
        </Box>
        <Button
          variant="contained"
          disabled={!picked.length || move.isPending}
          onClick={() => move.mutate(picked)}
        >
          {t('settings.assign')}
        </Button>
      </Box>
      {location.restriction.restriction_type ? (
        <Assignees id={location.id} kind={location.restriction.restriction_type} />
      ) : null}
    </Box>
  );
}

/** Users or groups assigned to a Restricted location, with assign and remove. */
function Assignees({ id, kind }: { id: string; kind: TRestrictionType }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation('locations');
  const assigned = useAssignees(id, kind);
  // users and groups are searched on the server as typed
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const userPick = useForm<{ id: string }>({ defaultValues: { id: '' } });
  const resource_type = kind === 'users' ? 'user' : 'group';
  const change = useMutation({
    mutationFn: ({ idUser, action }: { idUser: string; action: 'assign-user' | 'remove-user' }) =>
      apiCall(
        action === 'assign-user'
          ? locationsEndpoints.resources.assignUser
          : locationsEndpoints.resources.removeUser,
        {
          params: { id },
          body: { id_user: idUser, resource_type },
          schema: ZDetailResponse,
        },
      ),
    onSuccess: (r) => {
      enqueueSnackbar(translateMessage(String(r.detail)), { variant: 'success' });
      setPicked(null);
      userPick.reset({ id: '' });
      void queryClient.invalidateQueries({ queryKey: locationsKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
  const taken = new Set((assigned.data ?? []).map((a) => a.id));

  return (
    <>
      <Typography variant="subtitle2">{t(`settings.assigned.${kind}`)}</Typography>
      <List dense aria-label={t(`settings.assigned.${kind}`)}>
        {(assigned.data ?? []).map((a) => (
          <ListItem
            key={a.id}
            disableGutters
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('settings.remove', { name: a.name })}
                disabled={change.isPending}
                onClick={() => change.mutate({ idUser: a.id, action: 'remove-user' })}
              >
                <DeleteOutlined />
              </IconButton>
            }
          >
            <ListItemText primary={a.name} secondary={a.email ?? undefined} />
          </ListItem>
        ))}
      </List>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1 }}>
          <FormSearchPicker
            key={kind}
            control={userPick.control}
            name="id"
            area={kind === 'users' ? 'users' : 'groups'}
            label={t(`settings.assignMany.${kind}`)}
            onPick={(o) => setPicked(o && !taken.has(o.id) ? { id: o.id, name: o.label } : null)}
          />
        </Box>
        <Button
          variant="contained"
          disabled={!picked || change.isPending}
          onClick={() => picked && change.mutate({ idUser: picked.id, action: 'assign-user' })}
        >
          {t(`settings.assignOne.${kind}`)}
        </Button>
      </Box>
    </>
  );
}
