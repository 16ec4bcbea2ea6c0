import { TRANSACTION_MESSAGES as M, type TTransaction } from '@lockerops/contract';
import type { FastifyRequest } from 'fastify';
import type { TxOrg } from '../../../auth/context';
import type { Tx } from '../../../db/client';
import { NotFound } from '../../../errors';
import { loadTransactions } from '../queries/wire';
import type { StepContext } from '../steps/context';
import type { TransactionDeps } from '../steps/lifecycle';

/** `{ detail, event }`: an action's success text and the transaction after it. */
export const actionAnswer = (req: FastifyRequest, id: string, detail: string) =>
  req.withTenant(async (tx) => ({
    detail,
    event: await transactionOr404({ tx, organizationId: req.auth.organizationId, id }),
  }));

/**
 * `{ detail, event }` of a step whose answer is read in the transaction that commits it: `act` runs
 * the step with `within` (`StepOptions.within`), one transaction less per call than `actionAnswer`.
 */
export async function answerWithin(
  req: FastifyRequest,
  detail: string,
  act: (within: (tx: Tx, id: string) => Promise<void>) => Promise<string>,
) {
  let event: TTransaction | undefined;
  const id = await act(async (tx, id) => {
    event = await transactionOr404({ tx, organizationId: req.auth.organizationId, id });
  });
  return event ? { detail, event } : actionAnswer(req, id, detail);
}

/** Loads one transaction's wire shape or 404. */
export async function transactionOr404({ tx, organizationId, id }: TxOrg<{ id: string }>) {
  const [t] = await loadTransactions({ tx, organizationId, ids: [id] });
  if (!t) throw NotFound(M.notFound);
  return t;
}

/**
 * The context of a life-cycle step called by `req` (`steps/`): its tenant transactions
 * (`req.withTenant`), who acts, and the outside systems `deps`.
 */
export function stepContext(req: FastifyRequest, deps: TransactionDeps): StepContext & TransactionDeps {
  return { run: (fn) => req.withTenant(fn), auth: req.auth, ...deps };
}
