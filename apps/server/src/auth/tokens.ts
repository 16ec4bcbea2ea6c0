import { createHash, randomBytes } from 'node:crypto';
import { MSG, type TRole } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';
import { Unauthorized } from '../errors';

const ISSUER = 'lockerops';

/** Claims of an id token (60 minutes) and of a new-password challenge session (15 minutes). */
export interface IdClaims {
  typ: 'id';
  sub: string;
  org: string;
  role: TRole;
  sid: string;
}
export interface ChallengeClaims {
  typ: 'challenge';
  sub: string;
  org: string;
}

/** Signs and verifies the tokens with the server-wide key kept in `app_secrets`. */
export class TokenService {
  private constructor(private readonly key: Uint8Array) {}

  /** Loads the signing key, generating it on first start (shared by every server process). */
  static async load(db: Db): Promise<TokenService> {
    const fresh = randomBytes(32).toString('base64');
    await db.insert(appSecrets).values({ key: 'jwt_signing_key', value: fresh }).onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, 'jwt_signing_key'));
    return new TokenService(Buffer.from(row!.value, 'base64'));
  }

  async sign(claims: IdClaims | ChallengeClaims, ttlSeconds: number): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /** Verifies a token of the given type; 401 with the session-expired text when expired or invalid. */
  async verify<T extends IdClaims | ChallengeClaims>(token: string, typ: T['typ']): Promise<T> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (payload.typ !== typ || typeof payload.sub !== 'string') throw Unauthorized();
      return { ...payload, sub: payload.sub } as unknown as T;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw Unauthorized(MSG.tokenExpired);
      if (err instanceof joseErrors.JOSEError) throw Unauthorized();
      throw err;
    }
  }
}

/** A new opaque secret (refresh tokens, API keys): 32 random bytes, base64url. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** SHA-256 of a secret, the form in which it is stored. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
