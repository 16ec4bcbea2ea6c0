import { HARDWARE_FIELDS } from '@lockerops/contract';
import type { TEnumGroup } from '../../i18n/enums';

/**
 * The device history log's changed fields (wire names, `GET device-logs/{id}`) and their labels in
 * the `devices` catalog; the lock's own fields (`mac_address`, …) under `hardwareField`.
 */
export const DEVICE_HISTORY_LABELS: Readonly<Record<string, string>> = {
  name: 'field.name',
  custom_identifier: 'field.customIdentifier',
  locker_number: 'field.lockerNumber',
  mode: 'field.mode',
  status: 'field.status',
  lock_status: 'field.lockStatus',
  hardware_type: 'field.hardwareType',
  location: 'field.location',
  id_location: 'field.location',
  size: 'field.size',
  id_size: 'field.size',
  price: 'field.price',
  id_price: 'field.price',
  product: 'field.product',
  id_product: 'field.product',
  item: 'field.item',
  item_description: 'field.itemDescription',
  price_required: 'field.priceRequired',
  ada_compliance: 'field.adaCompliance',
  require_image: 'field.requireImage',
  shared: 'field.shared',
  image: 'field.image',
  restriction: 'field.restriction',
  jams_in_a_row: 'field.jamsInARow',
  jams_30d: 'field.jams30d',
  ...Object.fromEntries(
    [...new Set(Object.values(HARDWARE_FIELDS).flat())].map((f) => [f, `hardwareField.${f}`]),
  ),
};

/** The device fields whose values are enums, by their group of labels. */
export const DEVICE_HISTORY_ENUMS: Readonly<Record<string, TEnumGroup>> = {
  mode: 'mode',
  status: 'deviceStatus',
  lock_status: 'lockStatus',
  hardware_type: 'hardware',
};
