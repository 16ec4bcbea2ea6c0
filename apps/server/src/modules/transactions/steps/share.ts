import { randomBytes } from 'node:crypto';
import type { AuthContext } from '../../../auth/context';
import { sha256 } from '../../../auth/tokens';
import { insertShare } from '../queries';
import type { TxContext } from './context';
import {
  actorOf,
  applyStep,
  assertAllowed,
  deliver,
  type TransactionDeps,
  transactionForUpdate,
} from './lifecycle';

/**
 * Share (`POST events/{id}/share`; spec: operational §7): records the step and a new share token
 * (32 random bytes, base64url; only its SHA-256 is stored, never logged or audited) and answers
 * the token; the caller sends the link after commit (`sendShareLink`). Each share makes its own
 * link; earlier ones keep working. Runs in the caller's transaction.
 */
export async function share(
  { tx, auth }: TxContext,
  input: { id: string; to: { phone_number?: string; email?: string } },
): Promise<string> {
  const { to } = input;
  const t = await transactionForUpdate({ tx, organizationId: auth.organizationId, id: input.id });
  assertAllowed('share', t);
  await applyStep({
    tx,
    actor: actorOf(auth),
    t,
    action: 'share',
    patch: {},
    detail: { phone_number: to.phone_number ?? null, email: to.email ?? null },
  });
  const token = randomBytes(32).toString('base64url');
  await insertShare({ tx, t, tokenHash: sha256(token) });
  return token;
}

/**
 * Sends the link to `GET event/{id}/public?token=…` by SMS or e-mail, with no transaction open;
 * answers whether it was sent.
 */
export function sendShareLink(
  ctx: { auth: AuthContext } & Pick<TransactionDeps, 'sms' | 'mail' | 'publicUrl'>,
  input: { id: string; invoiceId: string; to: { phone_number?: string; email?: string }; token: string },
): Promise<boolean> {
  const { id, invoiceId, to, token } = input;
  const link = `${ctx.publicUrl}/api/event/${id}/public?token=${token}`;
  return deliver(
    ctx,
    ctx.auth.organizationId,
    { phone: to.phone_number ?? null, email: to.email ?? null },
    `Transaction ${invoiceId}`,
    `Transaction ${invoiceId}: ${link}`,
  );
}
