import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('DATA_DIR', () => {
  it('is ./data where npm was started (INIT_CWD), not inside the workspace npm runs the script in', () => {
    // `npm start` at /repo runs `npm run start -w apps/server` with cwd /repo/apps/server and INIT_CWD=/repo
    expect(loadConfig({ INIT_CWD: '/repo' }).dataDir).toBe(path.resolve('/repo/data'));
    expect(loadConfig({ INIT_CWD: '/repo', DATA_DIR: 'var/lockers' }).dataDir).toBe(
      path.resolve('/repo/var/lockers'),
    );
  });

  it('keeps an absolute DATA_DIR, and uses the working directory without npm', () => {
    expect(loadConfig({ INIT_CWD: '/repo', DATA_DIR: '/srv/lockerops' }).dataDir).toBe('/srv/lockerops');
    expect(loadConfig({}).dataDir).toBe(path.resolve(process.cwd(), 'data'));
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, else the listed addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16,fd00::/8 ' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
    ]);
  });

  it('refuses anything else with a clear message', () => {
    for (const bad of ['true', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must be a comma-separated list/);
    }
  });
});

describe('ADMIN_PASSWORD', () => {
  it('follows the password rule, else the server does not start', () => {
    expect(loadConfig({ ADMIN_PASSWORD: 'Admin-Passw0rd!' }).adminPassword).toBe('Admin-Passw0rd!');
    for (const weak of ['password', 'passwordpassword', 'Short1']) {
      expect(() => loadConfig({ ADMIN_PASSWORD: weak })).toThrow(/ADMIN_PASSWORD is too weak/);
    }
  });
});

describe('the pool, metrics, overload and shutdown', () => {
  it('has defaults that never shed a test and one process that fits a small PostgreSQL', () => {
    const c = loadConfig({});
    expect(c.databasePool).toEqual({ size: 10, readSize: 3, timeoutMs: 10_000 });
    expect(c.metricsToken).toBeUndefined();
    expect(c.overload).toEqual({
      maxEventLoopDelayMs: 2000,
      maxEventLoopUtilization: 0,
      maxHeapMb: 0,
      maxRssMb: 0,
      retryAfterSeconds: 5,
    });
    expect(c.shutdownTimeoutMs).toBe(10_000);
  });

  it('reads them from the environment and refuses a short metrics token', () => {
    const c = loadConfig({
      DATABASE_POOL_SIZE: '25',
      DATABASE_READ_POOL_SIZE: '0',
      DATABASE_POOL_TIMEOUT_MS: '2500',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      OVERLOAD_MAX_HEAP_MB: '512',
    });
    expect(c.databasePool).toEqual({ size: 25, readSize: 0, timeoutMs: 2500 });
    expect(c.metricsToken).toBe('a-long-enough-metrics-token');
    expect(c.overload.maxHeapMb).toBe(512);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must have at least 16 characters/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('HOST and the printed address', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('prints the configured port when PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '4017' }).publicUrl).toBe('http://localhost:4017');
  });
});
