import { MSG } from '@lockerops/contract';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import { type IdClaims, TokenService } from './tokens';

/** The id and challenge tokens: HS256 with the key of `app_secrets`, issuer, type and expiry checked. */
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let tokens: TokenService;
const claims: IdClaims = { typ: 'id', sub: 'member-1', org: 'org-1', role: 'admin', sid: 'session-1' };

beforeAll(async () => {
  db = await openTestDatabase();
  tokens = await TokenService.load(db.db);
});
afterAll(() => db.dispose());

const detailOf = async (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: { statusCode?: number; message?: string }) => `${e.statusCode} ${e.message}`,
  );

describe('TokenService', () => {
  it('verifies what it signed and answers the claims', async () => {
    const token = await tokens.sign(claims, 60);
    const got = await tokens.verify<IdClaims>(token, 'id');
    expect(got).toMatchObject(claims);
    expect(got).toMatchObject({ iss: 'lockerops' });
  });

  it('keeps the key across loads (every server process signs with the same key)', async () => {
    const again = await TokenService.load(db.db);
    await expect(again.verify(await tokens.sign(claims, 60), 'id')).resolves.toMatchObject({
      sub: 'member-1',
    });
  });

  it('answers 401 with the session-expired text once the token expired', async () => {
    const token = await tokens.sign(claims, -5);
    expect(await detailOf(tokens.verify(token, 'id'))).toBe(`401 ${MSG.tokenExpired}`);
  });

  it('refuses another type, another key, another issuer, another algorithm and a tampered token', async () => {
    const challenge = await tokens.sign({ typ: 'challenge', sub: 'member-1', org: 'org-1' }, 60);
    expect(await detailOf(tokens.verify(challenge, 'id'))).toMatch(/^401/);
    const now = Math.floor(Date.now() / 1000);
    const forged = createSigner({ key: Buffer.alloc(32, 7), algorithm: 'HS256' })({
      ...claims,
      iss: 'lockerops',
      exp: now + 60,
    });
    expect(await detailOf(tokens.verify(forged, 'id'))).toMatch(/^401/);
    const [head, body] = (await tokens.sign(claims, 60)).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    expect(await detailOf(tokens.verify(none, 'id'))).toMatch(/^401/);
    const admin = Buffer.from(
      JSON.stringify({ ...claims, role: 'admin', sub: 'member-2', iss: 'lockerops', exp: now + 60 }),
    ).toString('base64url');
    const sig = (await tokens.sign(claims, 60)).split('.')[2];
    expect(await detailOf(tokens.verify(`${head}.${admin}.${sig}`, 'id'))).toMatch(/^401/);
    expect(await detailOf(tokens.verify('not-a-token', 'id'))).toMatch(/^401/);
  });
});
