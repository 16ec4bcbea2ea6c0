import { timingSafeEqual } from 'node:crypto';
import { KIOSK_CUSTOMER_SESSION_SECONDS, KIOSK_MESSAGES as M, type TLanguage } from '@lockerops/contract';
import { Unauthorized } from '../../../errors';
import type { SecretBox } from '../../../lib/secrets';
import { customerById, requestSignInCode, verifiedCustomer } from '../../customer-app';
import type { CodeDeps } from '../../one-time-codes';
import type { KioskAuth } from '../service';
import { assertStorageOffered } from './offer';

/*
 * A walk-up customer's sign-in at the screen (README "Storage at the screen"): the Lite App's
 * one-time code by SMS and its rules, counted for this screen as the client address (the caps per
 * contact and per address an hour, wrong tries per address), then a short session bound to the
 * screen: `user.expiry.mac`, its MAC naming the organization, the customer and the screen.
 */

/** Where the one-time codes count a screen's requests and wrong tries: the screen itself. */
const screenAddress = (kiosk: KioskAuth) => `kiosk:${kiosk.id}`;

const sessionMac = (secrets: SecretBox, org: string, user: string, kiosk: string, exp: number) =>
  secrets.mac('kiosk-customer', `${org}:${user}:${kiosk}:${exp}`);

/**
 * "Store something" / "Collect my things": a sign-in code by SMS to `phone` (E.164, with its
 * country code), through the Lite App's `requestSignInCode` — the same answer for a customer and a
 * number that is not one; with "pre-registered customers only" such a number gets nothing. 403
 * when storage is not offered here, 400 for a number the app's rules refuse, 429 past the caps.
 */
export async function kioskCode(
  deps: CodeDeps,
  kiosk: KioskAuth,
  input: { phone: string; language: TLanguage },
) {
  const organizationId = kiosk.organizationId;
  await deps.run((tx) => assertStorageOffered({ tx, organizationId }));
  return requestSignInCode(deps, {
    organizationId,
    body: { phone_number: input.phone },
    address: screenAddress(kiosk),
    language: input.language,
  });
}

/**
 * Signs the customer in at this screen with the code (the Lite App's `verifiedCustomer`: one 400
 * for every code that does not pass, 5 wrong tries from this screen void it here): answers a
 * session for this screen only, valid `KIOSK_CUSTOMER_SESSION_SECONDS`.
 */
export async function kioskSignIn(
  deps: CodeDeps,
  kiosk: KioskAuth,
  body: { phone_number: string; code: string },
) {
  const organizationId = kiosk.organizationId;
  await deps.run((tx) => assertStorageOffered({ tx, organizationId }));
  const customer = await verifiedCustomer(deps, {
    organizationId,
    body: { phone_number: body.phone_number, code: body.code },
    address: screenAddress(kiosk),
  });
  const exp = Math.floor(Date.now() / 1000) + KIOSK_CUSTOMER_SESSION_SECONDS;
  const mac = sessionMac(deps.secrets, organizationId, customer.id, kiosk.id, exp);
  return { session: `${customer.id}.${exp}.${mac}`, expires_at: new Date(exp * 1000).toISOString() };
}

/**
 * The customer a session names on this screen (unexpired, sealed for this screen, the customer
 * still active); else 401 `customerSignedOut` — a session of another screen included.
 */
export async function customerOfSession(
  deps: Pick<CodeDeps, 'run' | 'secrets'>,
  kiosk: KioskAuth,
  session: string | undefined,
): Promise<string> {
  const [id = '', exp, mac = ''] = (session ?? '').split('.');
  const expiry = Number(exp);
  if (!/^[0-9a-f-]{36}$/i.test(id) || !Number.isInteger(expiry) || expiry * 1000 < Date.now())
    throw Unauthorized(M.customerSignedOut);
  const want = Buffer.from(sessionMac(deps.secrets, kiosk.organizationId, id, kiosk.id, expiry));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw Unauthorized(M.customerSignedOut);
  const customer = await deps.run((tx) => customerById({ tx, organizationId: kiosk.organizationId, id }));
  if (!customer) throw Unauthorized(M.customerSignedOut);
  return customer.id;
}
