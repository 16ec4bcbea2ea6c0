import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Encrypts secrets stored in the database (an integration's auth token, a webhook signing secret). */
export interface SecretBox {
  /** AES-256-GCM: answers `v1:<iv>:<tag>:<ciphertext>` (base64url parts); a fresh IV each call. */
  encrypt(plain: string): string;
  /** Reverses `encrypt`; throws when the text was not made with this key or was altered. */
  decrypt(sealed: string): string;
  /**
   * HMAC-SHA256 of `text` under a key of this box kept for `purpose` (base64url): what a short code
   * is stored as (a widget verification code), so the database never holds the code itself.
   */
  mac(purpose: string, text: string): string;
}

/**
 * The secret box of the server, keyed by `SECRETS_KEY` (any text of 32 or more characters; its
 * SHA-256 is the AES key). Without it a random key is generated once into `DATA_DIR/secrets.key`
 * (mode 0600) — fine for one server; several servers sharing a database must share `SECRETS_KEY`.
 */
export function createSecretBox(opts: { secretsKey?: string; dataDir: string }): SecretBox {
  let material = opts.secretsKey;
  if (!material) {
    const file = path.join(opts.dataDir, 'secrets.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(opts.dataDir, { recursive: true });
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    }
    material = fs.readFileSync(file, 'utf8').trim();
  }
  const key = createHash('sha256').update(material).digest();
  return {
    mac(purpose, text) {
      const macKey = createHmac('sha256', key).update(`mac:${purpose}`).digest();
      return createHmac('sha256', macKey).update(text).digest('base64url');
    },
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    decrypt(sealed) {
      const [v, iv, tag, data] = sealed.split(':');
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
