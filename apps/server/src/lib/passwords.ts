import { hash, verify } from '@node-rs/argon2';

/** argon2id parameters (OWASP: m=19 MiB, t=2, p=1). */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as const };

/** Hashes a password with argon2id; the result embeds its salt and parameters. */
export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** True when `password` matches `passwordHash`; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the time of one verification so that an unknown e-mail answers as slowly as a known one. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummy, password);
}
