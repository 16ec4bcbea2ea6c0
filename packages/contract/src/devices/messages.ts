/**
 * Texts of the Devices area: the spec's words (operational §5 Device, §8); those marked "ours" are
 * not given by the spec.
 */
export const DEVICE_MESSAGES = {
  nameRequired: 'Name required',
  /** A board's `ip` opens a TCP connection from the server: set by admins only. */
  ipAdminOnly: "Only an admin can set a device's ip (its lock bridge).",
  lockerNumberRequired: 'Locker number required',
  lockerNumberUnsupported: 'Unsupported locker number',
  lockerNumberInUse: 'This Locker Number is already in use. Please try another one.',
  modeRequired: 'Mode required',
  sizeRequired: 'Size required',
  locationRequired: 'Location required',
  statusRequired: 'Status required',
  priceRequired: 'Price required',
  serviceWeightOnly: 'Service mode can only use pay-per-weight price types.',
  /** ours: the reverse of the rule above */
  weightNeedsService: 'Pay-per-weight prices can only be used in Service mode.',
  /** ours */
  vendingNoPrice: 'Vending mode has no price option.',
  restrictionTypeRequired: 'Please select a restriction type.',
  hardwareRequired: 'Hardware type required',
  macFormat: 'MAC address format is incorrect',
  /** ours */
  integrationIdRequired: 'Integration id required',
  /** ours */
  integrationIdInteger: 'Integration id must be a whole number',
  /** ours */
  lockerUdnRequired: 'Locker UDN required',
  userCode: 'Invalid user code format. Please enter only 4 digits.',
  /** ours, shaped like the user-code message */
  masterCode: 'Invalid master code format. Please enter only 6 digits.',
  /** ours */
  gantnerIdRequired: 'Gantner id required',
  harborTowerRequired: 'Harbor tower id required',
  harborLockerRequired: 'Harbor locker id required',
  dclockTerminalRequired: 'Terminal number required',
  dclockBoxRequired: 'Box number required',
  circuitUnitRequired: 'Circuit unit required',
  headboard: 'Headboard must be between 1 and 25',
  port: 'Port must be between 1 and 8',
  /** ours: hardware or mode not enabled for the organization */
  hardwareNotEnabled: (h: string) => `The ${h} hardware type is not enabled for your organization.`,
  modeNotEnabled: (m: string) => `The ${m} mode is not enabled for your organization.`,
  reservedMaintenance: 'You cannot put a reserved device in maintenance mode.',
  unreachable: 'Unable to reach lock. Please check your lock is connected',
  mixedHardware: 'Cannot export items with different hardware types',
  selectOne: 'Please select at least one device',
  /** ours */
  reservedNotEditable: 'Reserved devices cannot be edited.',
  /** ours */
  notVirtual: 'Only virtual locks can be switched on or off line.',
  notFound: 'Device not found',
  sizeNotFound: 'Size not found',
  priceNotFound: 'Price not found',
  productNotFound: 'Product not found',
  productInAnotherDevice: 'This product is already assigned to another device.',
  locationNotFound: 'Location not found',
  created: 'Device created successfully',
  updated: 'Device updated successfully',
  deleted: 'Your device was deleted.',
  nowAvailable: 'Device is now available.',
  nowMaintenance: 'Device has been put into maintenance.',
  unlocked: 'Device unlocked correctly.',
  unlockSent: 'Unlock request sent to selected devices',
  maintenanceUpdated: 'Maintenance status updated successfully!',
  /** ours */
  devicesUpdated: (n: number) => `${n} device(s) updated successfully`,
  maintenanceConfirm: 'Are you sure you want to put this device into maintenance?',
  availableConfirm: 'Are you sure you want to make this device available?',
} as const;

/**
 * The prompts that offer to create what a device needs when none exists yet (spec operational §2
 * Devices "Confirmation prompts offer to add products, sizes or locations when none exist"; the
 * spec does not give their words, so these are ours).
 */
export const DEVICE_PROMPTS = {
  noLocations: 'There are no locations yet. A device needs a location: do you want to add one first?',
  noSizes: 'There are no sizes yet. Most devices need a size: do you want to add one first?',
  noProducts: 'There are no products that are not already in a device. Add a product to stock this door.',
} as const;
