/**
 * The location history log's changed fields (wire names, `GET history/location/{id}`) and their
 * labels in the `locations` catalog.
 */
export const LOCATION_HISTORY_LABELS: Readonly<Record<string, string>> = {
  name: 'field.name',
  address: 'field.address',
  custom_id: 'field.customId',
  contact_email: 'field.contactEmail',
  contact_phone: 'field.contactPhone',
  devices: 'field.devices',
  shared: 'field.shared',
  require_image: 'field.requireImage',
  restriction: 'field.access',
  restricted: 'field.access',
  restriction_type: 'form.restrictionType',
  image: 'field.image',
  hidden: 'field.hidden',
  latitude: 'field.latitude',
  longitude: 'field.longitude',
  time_zone: 'field.timeZone',
};
