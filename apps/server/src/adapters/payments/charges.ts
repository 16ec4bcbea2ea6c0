import { randomBytes } from 'node:crypto';

/** What a charge or refund is about; `amount` is money as two-decimal text. */
export interface ChargeRequest {
  organizationId: string;
  transactionId: string;
  invoiceId: string;
  amount: string;
  currency: string;
  /** Makes a retried call of the same step the same charge at the provider. */
  idempotencyKey: string;
}

/**
 * How the life cycle collects money (ARCHITECTURE: Adapters — payments). A charge answers
 * `succeeded`, or `pending` while the provider has not confirmed it (the transaction then waits in
 * `awaiting_payment_confirmation` until `confirm_payment`); a refusal throws `ChargeDeclined`.
 * Built once in `buildApp` (`createAdapters`); the sandbox below is the offline default.
 */
export interface ChargeGateway {
  readonly kind: string;
  charge(req: ChargeRequest): Promise<{ status: 'succeeded' | 'pending'; reference: string }>;
  refund(req: ChargeRequest & { reference: string | null }): Promise<{ reference: string }>;
}

/** The provider refused a charge or a refund. */
export class ChargeDeclined extends Error {}

/** The offline sandbox: every charge and refund succeeds at once with a local reference. */
export const sandboxCharges: ChargeGateway = {
  kind: 'sandbox',
  async charge() {
    return { status: 'succeeded', reference: `ch_sandbox_${randomBytes(10).toString('hex')}` };
  },
  async refund() {
    return { reference: `re_sandbox_${randomBytes(10).toString('hex')}` };
  },
};
