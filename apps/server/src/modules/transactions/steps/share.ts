import { randomBytes } from 'node:crypto';
import { DELIVERY_TEXTS, fillMailText } from '@lockerops/contract';
import type { AuthContext } from '../../../auth/context';
import { sha256 } from '../../../auth/tokens';
import { organizationLanguage } from '../../../lib/message-language';
import { insertShare } from '../queries';
import type { TxContext } from './context';
import {
  actorOf,
  applyStep,
  assertAllowed,
  deliver,
  type TenantRunner,
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
 * Sends the link to `GET event/{id}/public?token=…` by SMS or e-mail, with no transaction open
 * (`run` reads the organization's default language, `DELIVERY_TEXTS`); answers whether it was sent.
 */
export async function sendShareLink(
  ctx: { run: TenantRunner; auth: AuthContext } & Pick<TransactionDeps, 'sms' | 'mail' | 'publicUrl'>,
  input: { id: string; invoiceId: string; to: { phone_number?: string; email?: string }; token: string },
): Promise<boolean> {
  const { id, invoiceId, to, token } = input;
  const organizationId = ctx.auth.organizationId;
  const link = `${ctx.publicUrl}/api/event/${id}/public?token=${token}`;
  // the link goes to whoever the caller names: the organization's default language
  const w = DELIVERY_TEXTS[await ctx.run((tx) => organizationLanguage({ tx, organizationId }))];
  return deliver(
    ctx,
    organizationId,
    { phone: to.phone_number ?? null, email: to.email ?? null },
    fillMailText(w.shareSubject, { invoice: invoiceId }),
    fillMailText(w.share, { invoice: invoiceId, link }),
  );
}
