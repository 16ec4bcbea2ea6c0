import { zodResolver } from '@hookform/resolvers/zod';
import {
  LOCATION_CSV_HEADERS,
  LOCATION_MESSAGES,
  locationMayRequireImage,
  locationsEndpoints,
  mayShareLocations,
  NEW_LOCATION_POSITION,
  type TLocation,
  type TLocationCreateRequest,
  ZLocation,
  ZLocationCreateRequest,
  ZReverseGeocodeResponse,
} from '@lockerops/contract';
import { Button, MenuItem, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiCall } from '../../api/client';
import { useOrganizationSelf } from '../../api/organizations';
import { useOrganizationZone } from '../../api/place';
import { FormDialog } from '../../components/FormDialog';
import { FormCheckbox, FormTextField } from '../../components/form';
import { HistoryLog, useHistoryFields } from '../../components/HistoryLog';
import { ImageField } from '../../components/ImageField';
import { TimeZoneField } from '../../components/TimeZoneField';
import { translateMessage } from '../../i18n/messages';
import { isTimeZone, zoneLabel } from '../../lib/format';
import { LOCATION_HISTORY_LABELS } from './historyFields';
import { useAssignees } from './hooks';
import { locationsKey } from './keys';
import { PositionPicker } from './LocationMap';
import { LocationSettings } from './LocationSettings';
import { useAddressPin } from './useAddressPin';

export { locationsKey };

type FormOut = z.output<typeof ZLocationCreateRequest>;

function valuesOf(l: TLocation | null): TLocationCreateRequest {
  if (!l)
    return {
      name: '',
      address: '',
      contact_email: '',
      contact_phone: '',
      latitude: NEW_LOCATION_POSITION.lat,
      longitude: NEW_LOCATION_POSITION.lng,
      restricted: false,
      restriction_type: null,
      time_zone: null,
    };
  return {
    name: l.name,
    address: l.address ?? '',
    image: l.image,
    hidden: l.hidden,
    shared: l.shared,
    custom_id: l.custom_id ?? '',
    latitude: l.latitude ?? NEW_LOCATION_POSITION.lat,
    longitude: l.longitude ?? NEW_LOCATION_POSITION.lng,
    contact_email: l.contact_email ?? '',
    contact_phone: l.contact_phone ?? '',
    require_image: l.require_image,
    restricted: !!l.restriction.restriction_type,
    restriction_type: l.restriction.restriction_type,
    time_zone: l.time_zone,
  };
}

/**
 * "Add Location" / "Edit Location" (spec operational §2 Locations, §5 Location): name, address with
 * a draggable marker that follows the address as it is typed until it is dragged (README
 * "Geocoding"), and whose drag looks the address up (a failed lookup leaves it with a notice),
 * contact (or the default support contact), time zone (empty: the organization's), restriction, image. Admins adding get "Bulk Upload";
 * editing adds Settings and a History Log whose times are on the location's wall clock.
 */
export function LocationFormDialog({
  open,
  location,
  isAdmin,
  onClose,
}: {
  open: boolean;
  location: TLocation | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const orgZone = useOrganizationZone();
  const { t } = useTranslation('locations');
  const historyFields = useHistoryFields('locations', LOCATION_HISTORY_LABELS);
  const form = useForm<TLocationCreateRequest, unknown, FormOut>({
    resolver: zodResolver(ZLocationCreateRequest),
    defaultValues: valuesOf(location),
  });
  const { control, formState, watch, setValue, reset } = form;
  const { enqueueSnackbar } = useSnackbar();
  const org = useOrganizationSelf().data;
  // the same rules the server applies (403 for Shared; require_image stored only when renting)
  const mayShare = !!org && mayShareLocations(org);
  const mayRequireImage = !!org && locationMayRequireImage(org);
  const address = String(watch('address') ?? '');
  const pin = useAddressPin({
    address,
    enabled: open,
    place: (p) => {
      setValue('latitude', p.lat);
      setValue('longitude', p.lng);
    },
  });
  const resetPin = pin.reset;
  // where the typed address put the pin, or why it did not move
  const pinHint =
    pin.status === 'found'
      ? t('pin.found', { place: pin.label })
      : pin.status === 'idle'
        ? undefined
        : t(`pin.${pin.status}`);
  useEffect(() => {
    if (!open) return;
    const values = valuesOf(location);
    resetPin(String(values.address ?? ''));
    reset(values);
  }, [open, location, reset, resetPin]);
  const err = (k: string) =>
    (formState.errors as Record<string, { message?: string } | undefined>)[k]?.message;
  const lat = Number(watch('latitude') ?? NEW_LOCATION_POSITION.lat);
  const lng = Number(watch('longitude') ?? NEW_LOCATION_POSITION.lng);
  const useDefault = !!watch('use_default_contact');
  const restricted = !!watch('restricted');
  const savedType = location?.restriction.restriction_type ?? null;
  const assigned = useAssignees(open ? location?.id : undefined, savedType);
  const [switchWarning, setSwitchWarning] = useState<string | null>(null);
  useEffect(() => {
    if (open) setSwitchWarning(null);
  }, [open]);
  /** The restriction type cannot be switched while users/groups are assigned (spec §4 Location). */
  const blockedSwitch = (next: string) => {
    if (!savedType || next === savedType || !(assigned.data ?? location?.restriction.items ?? []).length)
      return null;
    return translateMessage(
      savedType === 'users' ? LOCATION_MESSAGES.switchUsers : LOCATION_MESSAGES.switchGroups,
    );
  };

  const moved = async (p: { lat: number; lng: number }) => {
    pin.pinDragged();
    setValue('latitude', p.lat);
    setValue('longitude', p.lng);
    try {
      const r = await apiCall(locationsEndpoints.geocode.reverse, {
        query: p,
        schema: ZReverseGeocodeResponse,
      });
      if (r.address) {
        pin.addressSet(r.address);
        setValue('address', r.address);
      } else enqueueSnackbar(translateMessage(LOCATION_MESSAGES.geocodeFailed), { variant: 'info' });
    } catch {
      enqueueSnackbar(translateMessage(LOCATION_MESSAGES.geocodeFailed), { variant: 'info' });
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={location ? t('form.editTitle') : t('action.add')}
      form={form}
      onSubmit={(values) =>
        location
          ? apiCall(locationsEndpoints.locations.update, {
              params: { id: location.id },
              body: values,
              schema: ZLocation,
            })
          : apiCall(locationsEndpoints.locations.create, { body: values, schema: ZLocation })
      }
      successMessage={translateMessage(location ? LOCATION_MESSAGES.updated : LOCATION_MESSAGES.created)}
      invalidateKey={locationsKey}
      formTabLabel={t('form.general')}
      extraTabs={
        location
          ? [
              { label: t('form.settings'), content: <LocationSettings location={location} /> },
              {
                label: t('form.historyLog'),
                content: (
                  <HistoryLog
                    entity="location"
                    id={location.id}
                    timeZone={isTimeZone(location.time_zone) ? location.time_zone : orgZone}
                    fields={historyFields}
                  />
                ),
              },
            ]
          : isAdmin
            ? []
            : [{ label: t('form.settings'), content: null, disabled: true }]
      }
      bulkUpload={
        isAdmin && !location
          ? { endpoint: locationsEndpoints.locations, headers: LOCATION_CSV_HEADERS, allowDryRun: true }
          : undefined
      }
    >
      <FormTextField control={control} name="name" label={t('field.name')} required />
      <FormTextField
        control={control}
        name="address"
        label={t('field.address')}
        required
        helperText={pinHint}
      />
      {pin.status === 'pinned' ? (
        <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={pin.moveToAddress}>
          {t('pin.moveToAddress')}
        </Button>
      ) : null}
      {open ? <PositionPicker position={{ lat, lng }} onMove={(p) => void moved(p)} /> : null}
      <FormTextField control={control} name="custom_id" label={t('field.customId')} />
      <FormCheckbox control={control} name="use_default_contact" label={t('form.useDefaultContact')} />
      {useDefault ? null : (
        <>
          {/* without the organization's contact, the location's own e-mail and phone are both required */}
          <FormTextField control={control} name="contact_email" label={t('field.contactEmail')} required />
          <FormTextField control={control} name="contact_phone" label={t('field.contactPhone')} required />
        </>
      )}
      <Controller
        control={control}
        name="time_zone"
        render={({ field }) => (
          <TimeZoneField
            label={t('form.timeZone')}
            value={(field.value as string | null | undefined) ?? null}
            onChange={field.onChange}
            emptyLabel={zoneLabel(orgZone)}
            helperText={field.value ? undefined : zoneLabel(orgZone)}
          />
        )}
      />
      <Controller
        control={control}
        name="restricted"
        render={({ field }) => (
          <TextField
            select
            label={t('field.access')}
            value={field.value ? 'restricted' : 'unrestricted'}
            onChange={(e) => field.onChange(e.target.value === 'restricted')}
          >
            <MenuItem value="unrestricted">{t('access.unrestricted')}</MenuItem>
            <MenuItem value="restricted">{t('access.restricted')}</MenuItem>
          </TextField>
        )}
      />
      {restricted ? (
        <Controller
          control={control}
          name="restriction_type"
          render={({ field }) => (
            <TextField
              select
              label={t('form.restrictionType')}
              value={field.value ?? ''}
              onChange={(e) => {
                const warning = blockedSwitch(e.target.value);
                setSwitchWarning(warning);
                if (!warning) field.onChange(e);
              }}
              error={!!err('restriction_type') || !!switchWarning}
              helperText={switchWarning ?? err('restriction_type')}
            >
              <MenuItem value="users">{t('restriction.users')}</MenuItem>
              <MenuItem value="groups">{t('restriction.groups')}</MenuItem>
            </TextField>
          )}
        />
      ) : null}
      {mayShare ? <FormCheckbox control={control} name="shared" label={t('field.shared')} /> : null}
      {mayRequireImage ? (
        <FormCheckbox control={control} name="require_image" label={t('field.requireImage')} />
      ) : null}
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImageField
            value={typeof field.value === 'string' ? field.value : null}
            onChange={(url) => field.onChange(url)}
          />
        )}
      />
    </FormDialog>
  );
}
