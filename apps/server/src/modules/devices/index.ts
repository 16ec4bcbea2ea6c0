/**
 * What the devices area offers other areas: they import it from here, never from the area's
 * files (the layer rule in biome.json); everything else in the folder is the area's own.
 */
export {
  freeOwnDevice,
  lockerNumberOf,
  lockOwnDevice,
  reserveOwnDevice,
  setDeviceMaintenance,
  setDeviceProduct,
} from './queries/doors';
export { customerHolderOf, releaseDoor } from './queries/holds';
export {
  holdSharedDoor,
  isSharedDoor,
  lockSharedDoor,
  releaseSharedDoor,
  sharedDoorReserved,
} from './queries/shared-doors';
export { availableIfMaintained } from './queries/unlocks';
export { devicesToWire } from './resource';
export type { DeviceRow } from './service';
export { resolveStaleUnlocks } from './service/unlock-records';
export {
  recordUnlockResults,
  type UnlockOutcome,
  type UnlockResult,
  type UnlockStep,
} from './service/unlock-results';
export {
  callLocks,
  lockTargetsOf,
  promiseUnlock,
  recordUnlockIntents,
  unlockAnswer,
  unlockDevices,
} from './service/unlocks';
