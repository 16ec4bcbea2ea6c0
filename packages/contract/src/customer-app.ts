import { z } from 'zod';
import { ZLiteAppSettings } from './toolbox';

/*
 * The Lite App: the customer's side of an organization, at `/app/{organization}` (README "Lite
 * App"). Its API lives under `/api/customer/{organization}`: public calls (what the app shows before
 * sign-in, the one-time code) and the customer's own session (an httpOnly cookie for the app only).
 */

/** `{organization}`: the organization's subdomain, as in the widget's and the app's addresses. */
export const ZCustomerOrgParams = z.object({ organization: z.string().min(1).max(100) });

/** What the app needs before sign-in: the white label, the customizer's settings and the currency. */
export const ZCustomerAppConfig = z.object({
  organization: z.object({ name: z.string(), logo: z.string().nullable() }),
  settings: ZLiteAppSettings,
  currency: z.string(),
  /**
   * The contacts a code may go to: the customizer's sign-in method, narrowed to e-mail when the
   * organization's SMS verification switch is off.
   */
  contacts: z.array(z.enum(['email', 'phone'])),
});
export type TCustomerAppConfig = z.infer<typeof ZCustomerAppConfig>;
