import type { TCustomerAppConfig } from '@lockerops/contract';
import type { TxOrg } from '../../../auth/context';
import { defaultCurrency } from '../../prices';
import { getLiteApp, twilioPurposes } from '../../toolbox';
import { whiteLabel } from '../queries/organization';

/**
 * What the Lite App shows before sign-in (README "Lite App"): the organization's app name (else its
 * name) and logo, the customizer's settings and the currency; `contacts` is where a sign-in code
 * may go — the customizer's sign-in method, narrowed to e-mail while the organization's Twilio
 * "Enable Verification and Identity" switch is off.
 */
export async function appConfig({ tx, organizationId }: TxOrg): Promise<TCustomerAppConfig> {
  const label = await whiteLabel({ tx, organizationId });
  const settings = await getLiteApp({ tx, organizationId });
  const purposes = await twilioPurposes({ tx, organizationId });
  const currency = await defaultCurrency({ tx, organizationId });
  return {
    organization: { name: label?.appName || label?.name || '', logo: label?.logo ?? null },
    settings,
    currency,
    contacts: contactsOf(settings.sign_in_method, purposes.verification),
  };
}

/**
 * The contacts a sign-in code may go to under `method` (`phone`, `email` or both): phone only while
 * SMS verification is on; never nothing (e-mail stands in for a phone-only method with SMS off).
 */
export function contactsOf(method: string, smsOn: boolean): ('email' | 'phone')[] {
  const wanted: ('email' | 'phone')[] =
    method === 'phone' ? ['phone'] : method === 'email' ? ['email'] : ['phone', 'email'];
  const allowed = wanted.filter((c) => c === 'email' || smsOn);
  return allowed.length ? allowed : ['email'];
}
