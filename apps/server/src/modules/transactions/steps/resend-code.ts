import { TRANSACTION_MESSAGES as M, type TCodeChannel } from '@lockerops/contract';
import { BadRequest } from '../../../errors';
import type { TxContext } from './context';
import { actorOf, applyStep, assertAllowed, transactionForUpdate } from './lifecycle';

/**
 * The step of `POST events/{id}/resend-code` (spec: operational §4 Actions by state): checks that
 * resending is allowed now (a delivery awaiting user pickup) and that the delivery has an address
 * for channel `via` (400), unlocks a code locked by wrong tries and answers the channel (SMS when
 * the delivery has a phone, else e-mail, unless chosen). Runs in the caller's transaction; the
 * caller sends the code after commit (`sendPickupCode`).
 */
export async function prepareResend(
  { tx, auth }: TxContext,
  input: { id: string; via?: TCodeChannel },
): Promise<TCodeChannel> {
  const { via } = input;
  const t = await transactionForUpdate({ tx, organizationId: auth.organizationId, id: input.id });
  assertAllowed('resend_code', t);
  if (via === 'sms' && !t.phoneNumber) throw BadRequest(M.phoneMissing);
  if (via === 'email' && !t.email) throw BadRequest(M.emailMissing);
  const channel: TCodeChannel = via ?? (t.phoneNumber ? 'sms' : 'email');
  await applyStep({
    tx,
    actor: actorOf(auth),
    t,
    action: 'resend_code',
    patch: { pickupAttempts: 0 },
    detail: { via: channel },
  });
  return channel;
}
