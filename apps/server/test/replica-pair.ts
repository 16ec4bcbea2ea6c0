import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL primary and its streaming replica of the test's own, from the server's binaries
 * (`PG_BIN`, else /usr/lib/postgresql/<newest>/bin): `initdb` (as the `postgres` user when the tests
 * run as root, since PostgreSQL refuses to run as root), the primary with `wal_level=replica` and
 * replication allowed from 127.0.0.1, `pg_basebackup -R -X stream` from it, the replica on another
 * port logging every statement (`replicaLog`). A few seconds; no durability (fsync off).
 */
export interface ReplicaPair {
  primaryUrl: (database?: string) => string;
  replicaUrl: (database?: string) => string;
  /** The replica's server log (every statement it ran, `log_statement = all`). */
  replicaLog(): string;
  /** Appends settings to the replica's postgresql.conf (then `select pg_reload_conf()` on it). */
  configureReplica(lines: string): void;
  stopReplica(): void;
  startReplica(): void;
  stop(): void;
}

/** The directory of the PostgreSQL server's binaries, or undefined when there is none. */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN)
    return fs.existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** Whether this process runs as root (PostgreSQL's commands then run as `postgres`). */
const asRoot = () => process.getuid?.() === 0;

/** A TCP port free right now on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a primary and its replica in a temporary directory; `stop()` removes both. */
export async function startReplicaPair(bin: string): Promise<ReplicaPair> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-replica-'));
  if (asRoot()) execFileSync('chown', ['postgres:', dir]);
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    return asRoot()
      ? execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], {
          cwd: dir,
          encoding: 'utf8',
          stdio: 'pipe',
        })
      : execFileSync(full, args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  };
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  const replicaLog = path.join(dir, 'replica.log');
  const stopAll = () => {
    for (const d of [replica, primary]) {
      try {
        run('pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // not started, or already stopped
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // a port found free may be taken again (by any connection's own end) before the server binds it:
  // each server gets its port just before it starts, and another one if it could not bind it
  let primaryPort = 0;
  let replicaPort = 0;
  const common = [
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'fsync = off',
    'full_page_writes = off',
    'shared_buffers = 16MB',
    'max_connections = 40',
  ];
  const startOn = async (data: string, log: string, port: (p: number) => void) => {
    for (let attempt = 1; ; attempt++) {
      const p = await freePort();
      fs.appendFileSync(path.join(data, 'postgresql.conf'), `port = ${p}\n`);
      port(p);
      try {
        run('pg_ctl', ['-D', data, '-l', log, '-w', 'start']);
        return;
      } catch (err) {
        if (attempt >= 3 || !fs.readFileSync(log, 'utf8').includes('Address already in use')) throw err;
      }
    }
  };
  try {
    run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
    fs.appendFileSync(
      path.join(primary, 'postgresql.conf'),
      [...common, 'wal_level = replica', 'max_wal_senders = 4', ''].join('\n'),
    );
    fs.appendFileSync(path.join(primary, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
    await startOn(primary, path.join(dir, 'primary.log'), (p) => {
      primaryPort = p;
    });
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
    ]);
    fs.appendFileSync(
      path.join(replica, 'postgresql.conf'),
      [...common, "log_statement = 'all'", 'hot_standby = on', ''].join('\n'),
    );
    await startOn(replica, replicaLog, (p) => {
      replicaPort = p;
    });
  } catch (err) {
    stopAll();
    throw err;
  }
  const startReplica = () => run('pg_ctl', ['-D', replica, '-l', replicaLog, '-w', 'start']);
  const stopReplica = () => run('pg_ctl', ['-D', replica, '-m', 'fast', '-w', 'stop']);
  const url =
    (port: number) =>
    (database = 'postgres') =>
      `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    primaryUrl: (database = 'postgres') => url(primaryPort)(database),
    replicaUrl: (database = 'postgres') => url(replicaPort)(database),
    replicaLog: () => fs.readFileSync(replicaLog, 'utf8'),
    configureReplica: (lines) => fs.appendFileSync(path.join(replica, 'postgresql.conf'), `${lines}\n`),
    stopReplica,
    startReplica,
    stop: stopAll,
  };
}
