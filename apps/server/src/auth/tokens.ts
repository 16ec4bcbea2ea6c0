import { createHash, createHmac, randomBytes } from 'node:crypto';
import { MSG, type TRole } from '@lockerops/contract';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Db } from '../db/client';
import { Unauthorized } from '../errors';
import { signingKey } from './queries';

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

/**
 * Signs and verifies the tokens (HS256 JWTs) with the server-wide key kept in `app_secrets`.
 * fast-jwt computes the HMAC with node:crypto synchronously: every authenticated request verifies
 * its id token, and through WebCrypto's asynchronous jobs that alone cost ≈ 0.4 ms a request.
 */
export class TokenService {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => Record<string, unknown>;
  private readonly successorKey: Buffer;

  private constructor(key: Buffer) {
    this.successorKey = createHmac('sha256', key).update('refresh-token-successor').digest();
    this.signer = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
    this.verifier = createVerifier({ key, algorithms: ['HS256'], allowedIss: ISSUER });
  }

  /** Loads the signing key, generating it on first start (shared by every server process). */
  static async load(db: Db): Promise<TokenService> {
    const fresh = randomBytes(32).toString('base64');
    return new TokenService(Buffer.from(await signingKey({ db, fresh }), 'base64'));
  }

  /**
   * The refresh token that succeeds `token` in its rotation: an HMAC of it under a key derived from
   * the signing key, so every server process derives the same one and only the server can. Every
   * use of a token within the reuse grace answers this one successor (no fork of the session).
   */
  successorOf(token: string): string {
    return createHmac('sha256', this.successorKey).update(token).digest('base64url');
  }

  /** A token carrying `claims`, issued now and valid `ttlSeconds` seconds. */
  async sign(claims: IdClaims | ChallengeClaims, ttlSeconds: number): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    return this.signer({ ...claims, iss: ISSUER, iat, exp: iat + ttlSeconds });
  }

  /** Verifies a token of the given type; 401 with the session-expired text when expired or invalid. */
  async verify<T extends IdClaims | ChallengeClaims>(token: string, typ: T['typ']): Promise<T> {
    let payload: Record<string, unknown>;
    try {
      payload = this.verifier(token);
    } catch (err) {
      if (err instanceof TokenError && err.code === TokenError.codes.expired)
        throw Unauthorized(MSG.tokenExpired);
      if (err instanceof TokenError) throw Unauthorized();
      throw err;
    }
    if (payload.typ !== typ || typeof payload.sub !== 'string') throw Unauthorized();
    return payload as unknown as T;
  }
}

/** A new opaque secret (refresh tokens, API keys): 32 random bytes, base64url. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** SHA-256 of a secret, the form in which it is stored. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
