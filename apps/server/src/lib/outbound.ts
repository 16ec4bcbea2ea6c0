import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';

/**
 * The one outbound address policy (README.md "Outbound addresses, the widget and the payment account"): webhooks, cloud
 * lock vendor APIs and Kerong/Headleader bridges reach only public addresses. A host name is
 * resolved once, every address it resolves to is checked, and the connection goes to the checked
 * address (no second look-up an attacker's DNS could answer differently). `OUTBOUND_ALLOW` names
 * the exceptions: on-premises bridges and vendor gateways.
 */

/** IPv4 ranges that are not the public internet (RFC 6890 and its successors). */
const V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1 (documentation)
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2 (documentation)
  ['203.0.113.0', 24], // TEST-NET-3 (documentation)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** IPv6 ranges refused whole (6to4 is checked by the IPv4 address it carries). */
const V6: Array<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64 well-known prefix
  ['64:ff9b:1::', 48], // NAT64 local-use prefix
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // SRv6 SIDs
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

// two lists: a BlockList holding IPv6 rules matches an IPv4 address by its mapped form (and the
// reverse), so ::ffff:0:0/96 in one list with the IPv4 rules would refuse every IPv4 address
const BLOCKED_V4 = new net.BlockList();
for (const [a, p] of V4) BLOCKED_V4.addSubnet(a, p, 'ipv4');
const BLOCKED_V6 = new net.BlockList();
for (const [a, p] of V6) BLOCKED_V6.addSubnet(a, p, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (an embedded dotted quad included). */
function groupsOf(address: string): number[] | undefined {
  let a = address.toLowerCase().split('%')[0]!;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (quad) {
    const b = quad[1]!.split('.').map(Number);
    a = `${a.slice(0, -quad[1]!.length)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail] = a.includes('::') ? a.split('::') : [a, undefined];
  const h = head ? head.split(':') : [];
  const t = tail === undefined ? [] : tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  const all = [...h, ...Array(Math.max(0, fill)).fill('0'), ...t].map((g) => Number.parseInt(g, 16));
  return all.length === 8 && all.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? all : undefined;
}

/** The addresses of this host's own interfaces (a service bound to one of them is "inside"). */
function ownAddresses(): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(os.networkInterfaces()))
    for (const i of list ?? []) out.add(i.address.toLowerCase().split('%')[0]!);
  return out;
}

/**
 * Why an IP address may not be reached, or null when it is a public address: private, loopback,
 * link-local (cloud metadata), unique-local, carrier-grade NAT, TEST-NET and documentation,
 * benchmarking, multicast and reserved ranges, IPv4-mapped, -translated and -compatible IPv6,
 * NAT64, Teredo, 6to4 carrying any of those IPv4 addresses, and this host's own addresses. A text
 * that is not an IP address is refused too.
 */
export function addressProblem(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const family = net.isIP(bare);
  if (!family) return `${address} is not an IP address`;
  if (family === 4 ? BLOCKED_V4.check(bare, 'ipv4') : BLOCKED_V6.check(bare, 'ipv6'))
    return `Address ${bare} refused (private, loopback, link-local or reserved)`;
  if (family === 6) {
    const g = groupsOf(bare);
    if (!g) return `Address ${bare} refused (unreadable)`;
    if (g[0] === 0x2002) {
      const v4 = `${g[1]! >> 8}.${g[1]! & 0xff}.${g[2]! >> 8}.${g[2]! & 0xff}`;
      if (BLOCKED_V4.check(v4, 'ipv4')) return `Address ${bare} refused (6to4 of ${v4})`;
    }
  }
  if (ownAddresses().has(bare.toLowerCase())) return `Address ${bare} refused (this server's own address)`;
  return null;
}

/** Whether an IP address is refused by the policy without exceptions (`addressProblem`). */
export const isPrivateAddress = (address: string): boolean => addressProblem(address) !== null;

/** A refused outbound address: the message names it and why. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/** An address a connection may use, after the policy's check. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** The outbound policy of the server: one per app, built from the configuration. */
export interface OutboundPolicy {
  /**
   * Resolves `host` once (an IP literal as itself) and answers its first address when every
   * address it resolves to may be reached: public, or allowed by `OUTBOUND_ALLOW` (the host name
   * itself, or an address or CIDR), or anything with `allowPrivate`. `OutboundRefused` otherwise.
   */
  resolve(host: string): Promise<CheckedAddress>;
  /**
   * A `fetch` whose connections go through `resolve` (pinned to the checked address, TLS still
   * verified against the URL's host name). Redirects are not followed: a 3xx answer is returned
   * as it is (callers treat it as a failure). Bodies: string, URLSearchParams or none.
   */
  fetch: typeof fetch;
  /** Whether the setting lets every address through (tests, closed networks). */
  readonly allowPrivate: boolean;
}

/** Options of `createOutboundPolicy`. */
export interface OutboundOptions {
  /** Reach any address (`WEBHOOK_ALLOW_PRIVATE=true`: tests, a closed network). */
  allowPrivate?: boolean;
  /** `OUTBOUND_ALLOW`: host names, IP addresses and CIDRs that may be reached although private. */
  allow?: readonly string[];
  /** The resolver (default `dns.promises.lookup`, every address). */
  lookup?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

/** Parses `OUTBOUND_ALLOW` (comma list) into host names and an address list; 400-free: bad entries are thrown at start. */
function allowListOf(entries: readonly string[]) {
  const hosts = new Set<string>();
  const list = new net.BlockList();
  for (const raw of entries) {
    const e = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!e) continue;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(e);
    if (cidr && net.isIP(cidr[1]!)) {
      const family = net.isIP(cidr[1]!) === 4 ? 'ipv4' : 'ipv6';
      list.addSubnet(cidr[1]!, Number(cidr[2]), family);
    } else if (net.isIP(e)) list.addAddress(e, net.isIP(e) === 4 ? 'ipv4' : 'ipv6');
    else if (/^[a-z0-9.-]+$/.test(e)) hosts.add(e.replace(/\.$/, ''));
    else throw new Error(`OUTBOUND_ALLOW: "${raw}" is neither a host name, an IP address nor a CIDR`);
  }
  const hasAddress = (a: string) => {
    const f = net.isIP(a);
    return f === 4 ? list.check(a, 'ipv4') : f === 6 ? list.check(a, 'ipv6') : false;
  };
  return { hosts, hasAddress };
}

const MAX_BODY = 1024 * 1024;

/** Builds the server's outbound policy (see `OutboundPolicy`). */
export function createOutboundPolicy(opts: OutboundOptions = {}): OutboundPolicy {
  const allowPrivate = !!opts.allowPrivate;
  const allow = allowListOf(opts.allow ?? []);
  const lookup =
    opts.lookup ??
    ((host: string) =>
      dns.promises.lookup(host, { all: true, verbatim: true }) as Promise<dns.LookupAddress[]>);

  const resolve = async (rawHost: string): Promise<CheckedAddress> => {
    const host = rawHost
      .replace(/^\[|\]$/g, '')
      .toLowerCase()
      .replace(/\.$/, '');
    const literal = net.isIP(host);
    let addresses: Array<{ address: string; family: number }>;
    if (literal) addresses = [{ address: host, family: literal }];
    else {
      if (!host || !/^[a-z0-9._-]+$/.test(host)) throw new OutboundRefused(`Host "${rawHost}" refused`);
      try {
        addresses = await lookup(host);
      } catch (err) {
        throw new OutboundRefused(
          `Host ${host} cannot be resolved (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
        );
      }
      if (!addresses.length) throw new OutboundRefused(`Host ${host} has no address`);
    }
    if (!allowPrivate && !allow.hosts.has(host)) {
      for (const a of addresses) {
        if (allow.hasAddress(a.address)) continue;
        const problem = addressProblem(a.address);
        // a literal names itself; a name's addresses stay unsaid (they map the internal network)
        if (problem)
          throw new OutboundRefused(
            literal
              ? problem
              : `Host ${host} refused (it resolves to a private, loopback, link-local or reserved address)`,
          );
      }
    }
    const first = addresses[0]!;
    return { address: first.address, family: first.family === 6 ? 6 : 4 };
  };

  const policyFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const u = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new OutboundRefused('Only http and https URLs');
    const checked = await resolve(u.hostname);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    let body: string | undefined;
    if (typeof init.body === 'string') body = init.body;
    else if (init.body instanceof URLSearchParams) {
      body = init.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (init.body != null)
      throw new TypeError('outbound fetch: only string and URLSearchParams bodies');
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    // the connection goes to the checked address, whatever a second look-up would answer
    const pinned = ((_h: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) =>
      o?.all
        ? cb(null, [{ address: checked.address, family: checked.family }])
        : cb(null, checked.address, checked.family)) as unknown as net.LookupFunction;
    const client = u.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolvePromise, reject) => {
      const req = client.request(
        u,
        { method: init.method ?? 'GET', headers, lookup: pinned, signal: init.signal ?? undefined },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_BODY) return res.destroy(new Error('answer larger than 1 MB'));
            chunks.push(c);
          });
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 502;
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
            const empty = status === 204 || status === 304 || (status >= 100 && status < 200);
            resolvePromise(new Response(empty ? null : Buffer.concat(chunks), { status, headers: h }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };

  return { resolve, fetch: policyFetch as typeof fetch, allowPrivate };
}

/** Parses the `OUTBOUND_ALLOW` setting: a comma list of host names, IP addresses and CIDRs. */
export const parseOutboundAllow = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The policy of a configuration: `WEBHOOK_ALLOW_PRIVATE` lets everything through, `OUTBOUND_ALLOW` the listed. */
export const outboundPolicyOf = (config: {
  webhookAllowPrivate: boolean;
  outboundAllow?: readonly string[];
}) => createOutboundPolicy({ allowPrivate: config.webhookAllowPrivate, allow: config.outboundAllow ?? [] });

/**
 * Whether a URL may be saved (a webhook's, before any look-up): a private, loopback or link-local
 * IP literal or a `localhost` name is refused unless `allowPrivate`, or unless `OUTBOUND_ALLOW`
 * names it (the host name, or an address or CIDR holding the literal) — the same list delivery
 * honours, so an operator's allowed internal receiver can be saved without opening every address.
 * Other names are checked when they are called (their addresses may change).
 */
export function savedUrlCheck(config: {
  webhookAllowPrivate: boolean;
  outboundAllow?: readonly string[];
}): (url: string) => boolean {
  const allow = allowListOf(config.outboundAllow ?? []);
  return (url) => {
    if (config.webhookAllowPrivate) return true;
    const host = new URL(url).hostname
      .replace(/^\[|\]$/g, '')
      .toLowerCase()
      .replace(/\.$/, '');
    if (allow.hosts.has(host)) return true;
    if (host === 'localhost' || host.endsWith('.localhost')) return false;
    if (!net.isIP(host)) return true;
    return allow.hasAddress(host) || addressProblem(host) === null;
  };
}

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`: an address, or a range with a valid prefix length. */
export function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...more] = entry.split('/');
  const family = net.isIP(address);
  if (!family || more.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
