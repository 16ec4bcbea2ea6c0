import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TCloudLockVendor } from '@lockerops/contract';

/** One request the fake vendor received. */
export interface VendorRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A cloud lock vendor's REST API on a local port, answering the drivers' documented mapping. */
export interface FakeLockVendor {
  url: string;
  requests: VendorRequest[];
  /** Door state per lock path (`/locks/G-1` …): what the status call answers. */
  doors: Map<string, 'open' | 'locked'>;
  /** `ok` answers; `offline` reports every lock offline; `slow` waits `delayMs` before answering. */
  mode: 'ok' | 'offline' | 'slow';
  delayMs: number;
  /** Whether an unlock leaves the door locked (a jam). */
  jam: boolean;
  close(): Promise<void>;
}

/** The account the fake accepts: account/client id and secret. */
export const FAKE_ACCOUNT = { accountId: 'acct-1', secret: 'sk_test_lock_secret_1234' };

const OAUTH: TCloudLockVendor[] = ['linka', 'harbor', 'spintly'];

/**
 * Starts a fake of `vendor`'s API. OAuth vendors get a token at `POST /oauth/token` for
 * `FAKE_ACCOUNT` (form-encoded client credentials) and must send it as a bearer token; the others
 * must send the secret the way their mapping says (bearer, `X-API-Key`, basic). Wrong credentials
 * answer 401. An unlock (`POST …/open`, `…/remote-open`, `…/commands`) opens the door unless
 * `jam`; a status call (`GET`) answers `{ status: 'open' | 'locked' }` (Ojmar: `{ lock_status: 'A'
 * | 'C' }`, Harbor: `{ id, status: { name }, door_open }`).
 */
export async function fakeLockVendor(vendor: TCloudLockVendor): Promise<FakeLockVendor> {
  const tokens = new Set<string>();
  const state: FakeLockVendor = {
    url: '',
    requests: [],
    doors: new Map(),
    mode: 'ok',
    delayMs: 0,
    jam: false,
    close: async () => {},
  };
  const authorized = (h: http.IncomingHttpHeaders): boolean => {
    const auth = h.authorization ?? '';
    if (OAUTH.includes(vendor)) return auth.startsWith('Bearer ') && tokens.has(auth.slice(7));
    if (vendor === 'gantner') return h['x-api-key'] === FAKE_ACCOUNT.secret;
    if (vendor === 'dclock')
      return (
        auth === `Basic ${Buffer.from(`${FAKE_ACCOUNT.accountId}:${FAKE_ACCOUNT.secret}`).toString('base64')}`
      );
    return auth === `Bearer ${FAKE_ACCOUNT.secret}`;
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      state.requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (state.mode === 'slow') await new Promise((r) => setTimeout(r, state.delayMs));
      if (res.destroyed) return;
      if (req.method === 'POST' && path === '/oauth/token') {
        const form = new URLSearchParams(body);
        if (
          form.get('grant_type') !== 'client_credentials' ||
          form.get('client_id') !== FAKE_ACCOUNT.accountId ||
          form.get('client_secret') !== FAKE_ACCOUNT.secret
        )
          return answer(401, { error: 'invalid_client' });
        const token = `tok-${tokens.size + 1}`;
        tokens.add(token);
        return answer(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (!authorized(req.headers)) return answer(401, { error: 'unauthorized' });
      if (state.mode === 'offline') return answer(200, { status: 'offline', online: false });
      const door = path.replace(/\/(open|remote-open|commands|status)$/, '');
      if (req.method === 'POST') {
        if (!state.jam) state.doors.set(door, 'open');
        return answer(202, { accepted: true });
      }
      const s = state.doors.get(door) ?? 'locked';
      if (vendor === 'ojmar') return answer(200, { lock_status: s === 'open' ? 'A' : 'C' });
      if (vendor === 'harbor')
        return answer(200, { id: 959, status: { name: 'occupied' }, door_open: s === 'open' });
      return answer(200, { status: s });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}
