import type { LockAdapter } from '../../../adapters/locks';
import type { Db, DbOrTx } from '../../../db/client';
import type { RelayDefinition } from '../../../lib/job-runner';
import type { VendorBudget } from '../../../lib/vendor-budget';
import { claimDueOrganizations, faultsEverywhere, finishPoll } from '../queries/doors';
import { pollOrganization } from './poll';
import type { HealthRules } from './rules';

/** Options of the heartbeat relay. */
export interface HealthPollerOptions {
  locks: LockAdapter;
  /** The per-vendor calls per second shared by every organization's heartbeats (`AppContext.heartbeats`). */
  budget?: VendorBudget;
  rules: HealthRules;
  /** Seconds between two heartbeats of an organization's doors (`HEALTH_POLL_SECONDS`). */
  pollSeconds: number;
}

/**
 * Copies the stored simulator faults into this process's simulated locks (the lock adapter's
 * `simulator`), so every server process shows the faults told to any of them.
 */
export async function syncSimulatorFaults({ db, locks }: { db: DbOrTx; locks: LockAdapter }): Promise<void> {
  if (!locks.simulator) return;
  const rows = await faultsEverywhere({ db });
  locks.simulator.clear();
  for (const r of rows) locks.simulator.set(r.idDevice, r.faults);
}

/**
 * The heartbeat relay (README "Door health, alerts and simulator faults": fair across organizations): a few
 * times a period it claims the organizations whose heartbeat is due (`fleet_health_polls`, so two
 * processes never poll one organization at once) and polls each on its own, without waiting for
 * the others: an organization whose bridge never answers holds only its own poll (its calls time
 * out on the lock adapter's gate, its slots), while every other organization's heartbeats keep
 * their period. Every lock call waits for its vendor's turn in `budget` (calls per second per
 * vendor, the organizations taking turns). An organization still being polled is not claimed again. `drain()` waits for the
 * polls in flight.
 */
export function healthPoller(opts: HealthPollerOptions): RelayDefinition {
  const periodMs = Math.round(opts.pollSeconds * 1000);
  const inFlight = new Map<string, Promise<void>>();
  return {
    name: 'fleet-health',
    intervalMs: Math.max(50, Math.min(1000, Math.floor(periodMs / 4))),
    async run(ctx) {
      const db = ctx.db as Db;
      await syncSimulatorFaults({ db, locks: opts.locks });
      const now = ctx.now();
      const claimed = await claimDueOrganizations({ db, now, periodMs, busy: [...inFlight.keys()] });
      for (const organizationId of claimed) {
        const p = pollOrganization({
          db,
          locks: opts.locks,
          budget: opts.budget,
          organizationId,
          rules: opts.rules,
          now: ctx.now,
        })
          .then(async (s) => {
            await finishPoll({ db, organizationId, at: ctx.now() });
            if (s.raised || s.resolved) ctx.log.info({ organizationId, ...s }, 'fleet health');
          })
          .catch((err) => ctx.log.error({ err, organizationId }, 'fleet health poll failed'))
          .finally(() => inFlight.delete(organizationId));
        inFlight.set(organizationId, p);
      }
      return claimed.length;
    },
    async drain() {
      while (inFlight.size) await Promise.all([...inFlight.values()]);
    },
  };
}
