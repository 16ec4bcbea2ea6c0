import { KIOSK_MESSAGES as M } from '@lockerops/contract';
import type { TxOrg } from '../../../auth/context';
import { Forbidden } from '../../../errors';
import { appConfig } from '../../customer-app';
import { homeCountries } from '../../toolbox';
import { organizationApp } from '../queries/storage';

/**
 * Whether a screen offers storage (README "Storage at the screen"): the organization's Lite App is
 * on (a priced door is paid in it) and its sign-in method lets customers sign in by phone (the
 * customizer's method, with the Twilio verification switch on). Answers it, the organization's
 * sub-domain label (the Lite App's address) and its country (the keypad's default).
 */
export async function storageOffer({ tx, organizationId }: TxOrg) {
  const org = await organizationApp({ tx, organizationId });
  const config = await appConfig({ tx, organizationId });
  const [country] = await homeCountries({ tx, organizationId });
  return {
    offered: Boolean(org?.liteApp) && config.contacts.includes('phone'),
    subdomain: org?.subdomain ?? '',
    country: country ?? null,
  };
}

/** The offer, or 403 `storageNotOffered` when the screen's organization offers no storage here. */
export async function assertStorageOffered({ tx, organizationId }: TxOrg) {
  const offer = await storageOffer({ tx, organizationId });
  if (!offer.offered) throw Forbidden(M.storageNotOffered);
  return offer;
}
