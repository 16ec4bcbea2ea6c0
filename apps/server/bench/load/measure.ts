/**
 * What the load test measures besides latencies (`run.ts`): the CPU a life cycle costs on each
 * side and the invariants checked in SQL after the run.
 */
import fs from 'node:fs';
import type pg from 'pg';

/** Clock ticks of `/proc/<pid>/stat` per second (`getconf CLK_TCK`, 100 on Linux). */
const TICKS_PER_S = 100;

// ——— CPU per life cycle ———

/** CPU time (user + system, ms) a process has used so far, from `/proc/<pid>/stat`; 0 when gone. */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_S;
  } catch {
    return 0;
  }
}

/** A process's resident memory, MB: now (`VmRSS`) and its peak so far (`VmHWM`), from /proc. */
export function rssMb(pid: number | undefined): { now: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
    return { now: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { now: 0, peak: 0 };
  }
}

export interface CpuMark {
  node: number;
  pg: Map<number, number>;
  generator: number;
  transactions: number;
}

/**
 * What the server processes, PostgreSQL's backends of the load database and this generator have
 * used so far (CPU ms), and the database's transactions (commits + rollbacks). The backends are
 * the pools' connections, which live through a phase; one that ends mid-phase takes its share along.
 */
export async function markCpu(
  admin: pg.Client,
  dbName: string,
  serverPids: (number | undefined)[],
): Promise<CpuMark> {
  const backends = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [dbName],
  );
  const xacts = await admin.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
    [dbName],
  );
  const usage = process.cpuUsage();
  return {
    node: serverPids.reduce<number>((a, pid) => a + cpuMs(pid), 0),
    pg: new Map(backends.rows.map((r) => [r.pid, cpuMs(r.pid)])),
    generator: (usage.user + usage.system) / 1000,
    transactions: Number(xacts.rows[0]?.n ?? 0),
  };
}

/** CPU ms per life cycle on each side, and database transactions per life cycle, between two marks. */
export function cpuPerCycle(a: CpuMark, b: CpuMark, cycles: number) {
  let pgMs = 0;
  for (const [pid, ms] of b.pg) pgMs += ms - (a.pg.get(pid) ?? 0);
  const per = (x: number) => (cycles ? x / cycles : 0);
  return {
    node: per(b.node - a.node),
    pg: per(pgMs),
    generator: per(b.generator - a.generator),
    transactions: per(b.transactions - a.transactions),
  };
}

// ——— invariants ———

export async function invariants(client: pg.Client) {
  const one = async (q: string) => Number((await client.query(q)).rows[0]?.n ?? 0);
  return {
    doorsWithTwoOpen: await one(
      `select count(*) as n from (select id_device from transactions where device_held group by id_device having count(*) > 1) x`,
    ),
    openOnFreeDoor: await one(
      `select count(*) as n from transactions t join devices d on d.id = t.id_device where t.device_held and d.status = 'available'`,
    ),
    duplicateInvoices: await one(
      `select count(*) as n from (select organization_id, invoice_id from transactions group by 1, 2 having count(*) > 1) x`,
    ),
    heldDoorWithoutTransaction: await one(
      `select count(*) as n from devices d where d.status = 'reserved' and not exists (select 1 from transactions t where t.id_device = d.id and t.device_held)`,
    ),
    doorsOpenedForNothing: await one(
      `select count(*) as n from device_unlocks u where u.reason = 'Transaction start' and u.state = 'opened' and not exists (select 1 from transaction_logs l where l.organization_id = u.organization_id and l.action = 'start' and (l.detail->>'id_device')::uuid = u.id_device and l.created_at between u.requested_at and u.requested_at + interval '30 seconds')`,
    ),
    unlocksHalfWay: await one(
      `select count(*) as n from device_unlocks where state in ('requested', 'sent', 'acknowledged')`,
    ),
    transactions: await one(`select count(*) as n from transactions`),
  };
}
