/**
 * What the organizations area offers other areas: they import it from here, never from the area's
 * files (the layer rule in biome.json); everything else in the folder is the area's own.
 */

export {
  setAccountSubmitted,
  setPaymentAccount,
  submitSandboxAccount,
} from './queries/payment-account';
export {
  markSupportEmailVerified,
  type SettingsValues,
  updateBranding,
  upsertSettings,
} from './queries/settings';
export { type OrganizationRow, signInUrlOf } from './service';
export { enabledHardware, enabledModes, flagsOf, requireFeature } from './service/flags';
