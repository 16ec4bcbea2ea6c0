import type { TMode } from '../common';

/** Hardware types of a device (spec: operational §3 Device); `virtual` needs no hardware flag. */
export const DEVICE_HARDWARE_TYPES = [
  'linka',
  'headleader',
  'spintly',
  'ojmar',
  'gantner',
  'harbor',
  'dclock',
  'virtual',
  'kerong',
] as const;
export type THardwareType = (typeof DEVICE_HARDWARE_TYPES)[number];
export const HARDWARE_LABELS: Record<THardwareType, string> = {
  linka: 'Linka',
  headleader: 'Headleader',
  spintly: 'Spintly',
  ojmar: 'Ojmar',
  gantner: 'Gantner',
  harbor: 'Harbor',
  dclock: 'DC Lock',
  virtual: 'Virtual',
  kerong: 'Kerong',
};

/** The hardware-specific fields, by hardware type (spec: operational §3 Device). */
export const HARDWARE_FIELDS: Record<THardwareType, readonly string[]> = {
  linka: ['mac_address'],
  spintly: ['integration_id'],
  ojmar: ['locker_udn', 'user_code', 'master_code'],
  gantner: ['gantner_id'],
  harbor: ['harbor_tower_id', 'harbor_locker_id'],
  dclock: ['dclock_terminal_no', 'dclock_box_no'],
  kerong: ['mac_address', 'ip', 'circuit_unit', 'board_unit', 'hook_port'],
  headleader: ['headboard', 'port'],
  virtual: [],
};
export const ALL_HARDWARE_FIELDS = [
  'mac_address',
  'integration_id',
  'locker_udn',
  'user_code',
  'master_code',
  'gantner_id',
  'harbor_tower_id',
  'harbor_locker_id',
  'dclock_terminal_no',
  'dclock_box_no',
  'ip',
  'circuit_unit',
  'board_unit',
  'hook_port',
  'headboard',
  'port',
] as const;

/** linka/kerong MAC address: AA:BB:CC:DD:EE:FF. */
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/;

/** The modes a door can work in (spec: operational §3 Device). */
export const DEVICE_MODES = [
  'rental',
  'storage',
  'delivery',
  'service',
  'vending',
] as const satisfies readonly TMode[];
export const DEVICE_STATUSES = ['available', 'reserved', 'maintenance'] as const;
export type TDeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DEVICE_STATUS_LABELS: Record<TDeviceStatus, string> = {
  available: 'Available',
  reserved: 'Reserved',
  maintenance: 'Maintenance',
};
export const LOCK_STATUSES = ['open', 'locked', 'unknown', 'offline'] as const;
export type TLockStatus = (typeof LOCK_STATUSES)[number];
/** Largest locker number: 7 digits (spec: operational §9). */
export const MAX_LOCKER_NUMBER = 9_999_999;
/** Milliseconds after an unlock when the console reloads the device list (spec: operational §2 Devices). */
export const UNLOCK_REFRESH_MS = 5000;
