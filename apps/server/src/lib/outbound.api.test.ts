import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LockNotConfigured, type LockTarget, LockUnreachable, NO_LOCK_SETTINGS } from '../adapters/locks';
import { CLOUD_VENDOR_SPECS, createCloudDriver } from '../adapters/locks/drivers/cloud';
import { createKerongDriver } from '../adapters/locks/drivers/kerong';
import { guardedPost } from '../modules/webhooks/service/delivery';
import { addressProblem, createOutboundPolicy, OutboundRefused } from './outbound';

/**
 * The outbound address policy: one table of hostile addresses and forms, refused by the
 * policy itself and by each way out — webhooks, cloud vendor APIs (a GET carrying the vendor secret)
 * and raw TCP to lock bridges — while a listener on loopback counts what reaches it (nothing).
 */
const HOSTILE = [
  ['loopback', '127.0.0.1'],
  ['loopback, another', '127.0.0.53'],
  ['unspecified', '0.0.0.0'],
  ['private 10/8', '10.0.0.1'],
  ['private 172.16/12', '172.20.1.1'],
  ['private 192.168/16', '192.168.1.1'],
  ['carrier-grade NAT', '100.64.0.1'],
  ['link-local, cloud metadata', '169.254.169.254'],
  ['TEST-NET-1', '192.0.2.10'],
  ['TEST-NET-2', '198.51.100.10'],
  ['TEST-NET-3', '203.0.113.10'],
  ['benchmarking', '198.18.0.1'],
  ['multicast', '224.0.0.1'],
  ['reserved / broadcast', '255.255.255.255'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped metadata, hex', '::ffff:a9fe:a9fe'],
  ['IPv4-translated', '::ffff:0:7f00:1'],
  ['IPv4-compatible', '::127.0.0.1'],
  ['NAT64 well-known', '64:ff9b::7f00:1'],
  ['NAT64 of a public address', '64:ff9b::808:808'],
  ['NAT64 local-use', '64:ff9b:1::a00:1'],
  ['6to4 of loopback', '2002:7f00:1::1'],
  ['6to4 of metadata', '2002:a9fe:a9fe::'],
  ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['documentation', '2001:db8::1'],
  ['unique-local', 'fd00::1'],
  ['link-local', 'fe80::1'],
  ['multicast', 'ff02::1'],
] as const;

const PUBLIC = ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '2002:808:808::1'];

/** The first non-loopback address of this host's own interfaces, if it has one. */
const ownAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

let hits = 0;
let server: http.Server;
let tcp: net.Server;
let port: number;
let tcpPort: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"open"}');
    req.resume();
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
  port = (server.address() as AddressInfo).port;
  tcp = net.createServer((s) => {
    hits++;
    s.destroy();
  });
  await new Promise<void>((r) => tcp.listen(0, '0.0.0.0', r));
  tcpPort = (tcp.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  tcp.close();
});

/** A resolver that answers `address` for every name (a hostile DNS). */
const dnsAnswering = (address: string) => async () => [{ address, family: net.isIP(address) }];

describe('outbound address policy', () => {
  it.each(HOSTILE)('refuses %s (%s), by literal and through a DNS name', async (_name, address) => {
    expect(addressProblem(address)).not.toBeNull();
    const policy = createOutboundPolicy();
    await expect(policy.resolve(address)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(policy.resolve(`[${address}]`)).rejects.toBeInstanceOf(OutboundRefused);
    const viaDns = createOutboundPolicy({ lookup: dnsAnswering(address) });
    await expect(viaDns.resolve('innocent.example.com')).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('refuses a name when any of its addresses is refused, and this host’s own addresses', async () => {
    const mixed = createOutboundPolicy({
      lookup: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
    });
    await expect(mixed.resolve('split.example.com')).rejects.toBeInstanceOf(OutboundRefused);
    // the refusal of a name never tells what it resolved to (an internal DNS mapping)
    await expect(mixed.resolve('split.example.com')).rejects.toThrow(/^Host split\.example\.com refused/);
    await expect(mixed.resolve('split.example.com')).rejects.not.toThrow(/10\.0\.0\.1/);
    if (ownAddress) expect(addressProblem(ownAddress)).toMatch(/own address|private|reserved/);
    await expect(createOutboundPolicy().resolve('localhost')).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('lets public addresses through, and what OUTBOUND_ALLOW names', async () => {
    for (const a of PUBLIC) expect(addressProblem(a), a).toBeNull();
    const policy = createOutboundPolicy({ allow: ['10.1.0.0/16', 'bridge.plant.local', '127.0.0.1'] });
    expect(await policy.resolve('10.1.2.3')).toEqual({ address: '10.1.2.3', family: 4 });
    await expect(policy.resolve('10.2.0.1')).rejects.toBeInstanceOf(OutboundRefused);
    expect(await policy.resolve('127.0.0.1')).toMatchObject({ address: '127.0.0.1' });
    const named = createOutboundPolicy({
      allow: ['bridge.plant.local'],
      lookup: dnsAnswering('192.168.7.7'),
    });
    expect(await named.resolve('BRIDGE.plant.local')).toMatchObject({ address: '192.168.7.7' });
    await expect(named.resolve('other.plant.local')).rejects.toBeInstanceOf(OutboundRefused);
    expect(() => createOutboundPolicy({ allow: ['not a host!'] })).toThrow(/OUTBOUND_ALLOW/);
  });

  it('connects to the checked address: a second DNS answer cannot move the connection', async () => {
    let calls = 0;
    // the first answer is checked and used; a second look-up would answer elsewhere (rebinding)
    const rebinding = createOutboundPolicy({
      lookup: async () => [{ address: calls++ === 0 ? '127.0.0.1' : '192.0.2.1', family: 4 }],
      allow: ['rebind.example.com'],
    });
    const before = hits;
    const res = await rebinding.fetch(`http://rebind.example.com:${port}/x`);
    expect(res.status).toBe(200);
    expect(calls).toBe(1);
    expect(hits).toBe(before + 1);
  });
});

describe('every way out refuses them, and nothing arrives', () => {
  const target = (host: string): LockTarget =>
    ({
      deviceId: 'd',
      hardwareType: 'kerong',
      fields: { circuit_unit: '1', hook_port: '1', ip: `${host}:${tcpPort}` },
      settings: NO_LOCK_SETTINGS,
    }) as unknown as LockTarget;

  it.each(HOSTILE)('webhook, vendor API and bridge to %s (%s)', async (_name, address) => {
    const before = hits;
    const host = net.isIP(address) === 6 ? `[${address}]` : address;
    const hook = await guardedPost({
      url: `http://${host}:${port}/hook`,
      body: '{}',
      headers: {},
      allowPrivate: false,
    });
    expect(hook.succeeded).toBe(false);
    expect(hook.error).toMatch(/refused/);

    const vendor = createCloudDriver(CLOUD_VENDOR_SPECS.gantner, {
      unseal: () => 'vendor-secret',
      fetchImpl: createOutboundPolicy().fetch,
    });
    const cloudTarget = {
      deviceId: 'd',
      hardwareType: 'gantner',
      fields: { gantner_id: 'G-1' },
      settings: NO_LOCK_SETTINGS,
      account: { baseUrl: `http://${host}:${port}`, sealedSecret: 'sealed', accountId: null, tokenUrl: null },
    } as unknown as LockTarget;
    await expect(vendor.status(cloudTarget)).rejects.toBeInstanceOf(LockUnreachable);

    const bridge = createKerongDriver({ timeoutMs: 300 });
    await expect(bridge.unlock(target(address.includes(':') ? 'localhost' : address))).rejects.toBeInstanceOf(
      LockNotConfigured,
    );
    expect(hits).toBe(before);
  });

  it('a redirect to a refused address is not followed (webhooks) or refused (vendor APIs)', async () => {
    const redirector = http.createServer((_req, res) =>
      res.writeHead(307, { location: `http://169.254.169.254:${port}/latest/meta-data` }).end(),
    );
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    const rport = (redirector.address() as AddressInfo).port;
    const allowRedirector = createOutboundPolicy({ allow: ['127.0.0.1'] });
    try {
      const before = hits;
      const hook = await guardedPost({
        url: `http://127.0.0.1:${rport}/`,
        body: '{}',
        headers: {},
        allowPrivate: false,
        outbound: allowRedirector,
      });
      expect(hook.succeeded).toBe(false);
      expect(hook.error).toMatch(/refused/);
      const res = await allowRedirector.fetch(`http://127.0.0.1:${rport}/`);
      expect(res.status).toBe(307);
      expect(hits).toBe(before);
    } finally {
      redirector.close();
    }
  });
});
