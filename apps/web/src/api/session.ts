import { type TSessionUser, type TTokensResponse, ZSessionUser } from '@lockerops/contract';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/**
 * localStorage keys of the console (spec console §3 "Local UI preferences"). No token is ever
 * stored: the id token lives in memory, the refresh token in an httpOnly cookie the scripts of
 * the page cannot read (README "Sessions").
 */
export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  themeMode: 'themeMode',
  themeColor: 'themeColor',
  /** the console's language last shown (i18n/index.ts LANGUAGE_STORAGE_KEY) */
  language: 'language',
} as const;

/** Where consoles before the cookie session kept their tokens; removed at start. */
const LEGACY_TOKENS_KEY = 'tokens';

/** Preferences that survive a logout; everything else in localStorage is session data. */
const KEPT_ON_LOGOUT: readonly string[] = [
  STORAGE_KEYS.themeMode,
  STORAGE_KEYS.themeColor,
  STORAGE_KEYS.language,
];

/** The id token of the session, held in memory only. */
export interface IdToken {
  token: string;
  /** epoch milliseconds */
  expiresAt: number;
}

/**
 * A sign-in that answered the new-password challenge, until /auth/welcome completes it. The
 * challenge `session` (a short-lived token) stays in memory; localStorage keeps the e-mail and the
 * challenge name (spec console §3 "User session").
 */
export interface TPendingChallenge {
  email: string;
  challenge: 'NEW_PASSWORD_REQUIRED';
  session: string;
}

const ZStoredChallenge = z.object({ email: z.string(), challenge: z.literal('NEW_PASSWORD_REQUIRED') });

export type TStoredUser = TPendingChallenge | TSessionUser;

export interface SessionSnapshot {
  user: TStoredUser | null;
  /** the id token, in memory only; null until a sign-in or a refresh from the cookie */
  idToken: IdToken | null;
  /** true while the console asks the cookie for a session at start (the guard waits) */
  restoring: boolean;
  /** set when the session ran out; the shell shows the 'Alert!' dialog until dismissed */
  expired: boolean;
}

export const isPending = (u: TStoredUser | null): u is TPendingChallenge => !!u && 'challenge' in u;

/**
 * The signed-in user, or null when nobody is signed in or the sign-in still waits for a new
 * password. The id token may be missing (another tab rotated the session): the client obtains one
 * from the cookie before its next call.
 */
export const signedInUser = (s: SessionSnapshot): TSessionUser | null =>
  s.user && !isPending(s.user) ? s.user : null;

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The user kept in localStorage: a session user, or null (a stored challenge has no session here). */
function readUser(raw: string | null | undefined): TSessionUser | null {
  if (!raw) return null;
  try {
    const parsed = ZSessionUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeUser(user: TStoredUser | null) {
  const s = storage();
  if (!s) return;
  if (user === null) {
    s.removeItem(STORAGE_KEYS.currentUser);
    return;
  }
  const value = isPending(user)
    ? ZStoredChallenge.parse({ email: user.email, challenge: user.challenge })
    : user;
  const json = JSON.stringify(value);
  // an unchanged value is not written again: every write is a `storage` event in the other tabs
  if (s.getItem(STORAGE_KEYS.currentUser) !== json) s.setItem(STORAGE_KEYS.currentUser, json);
}

function clearLocalStorage() {
  const s = storage();
  if (!s) return;
  for (const key of Object.keys(s)) {
    if (!KEPT_ON_LOGOUT.includes(key)) s.removeItem(key);
  }
}

storage()?.removeItem(LEGACY_TOKENS_KEY);

let snapshot: SessionSnapshot = {
  user: readUser(storage()?.getItem(STORAGE_KEYS.currentUser)),
  idToken: null,
  restoring: false,
  expired: false,
};
const listeners = new Set<() => void>();
/** Counts sign-ins and sign-outs: an answer that started before one is dropped (see `ifCurrent`). */
let generation = 0;

function set(next: SessionSnapshot) {
  snapshot = next;
  writeUser(next.user);
  for (const l of listeners) l();
}

const idTokenOf = (t: TTokensResponse): IdToken => ({
  token: t.id_token,
  expiresAt: Date.now() + t.expires_in * 1000,
});

/**
 * The one session of the console: the user (mirrored in localStorage as currentUser, spec console
 * §3) and the id token (memory only). The refresh token is the server's httpOnly cookie.
 */
export const sessionStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): SessionSnapshot => snapshot,
  /** The current generation; pass it to `refreshed` so a late answer cannot undo a sign-out. */
  generation: () => generation,
  /** Re-reads the user from localStorage (tests, another tab); the id token stays for the same user. */
  reload() {
    const user = readUser(storage()?.getItem(STORAGE_KEYS.currentUser));
    const current = signedInUser(snapshot);
    const same = !!user && !!current && user.user_id === current.user_id;
    snapshot = { ...snapshot, user: user ?? (isPending(snapshot.user) ? snapshot.user : null) };
    if (!same) snapshot.idToken = null;
    for (const l of listeners) l();
  },
  signedIn(tokens: TTokensResponse) {
    generation++;
    set({ user: tokens.user, idToken: idTokenOf(tokens), restoring: false, expired: false });
  },
  /**
   * A new id token from the cookie (start, a 401, another tab's rotation). Ignored when a sign-in or
   * a sign-out happened since `since` (the generation read when the refresh was sent).
   */
  refreshed(tokens: TTokensResponse, since: number) {
    if (since !== generation) return;
    set({ ...snapshot, user: tokens.user, idToken: idTokenOf(tokens), restoring: false });
  },
  /**
   * The start-up refresh is under way (true) or settled without a session (false). `forget`: the
   * server said there is no session, so currentUser goes too; otherwise (no answer) localStorage
   * stays as it is for the next load and for the other tabs.
   */
  restoring(on: boolean, since: number, forget = false) {
    if (since !== generation) return;
    if (on) set({ ...snapshot, restoring: true });
    else if (forget) set({ user: null, idToken: null, restoring: false, expired: false });
    else {
      snapshot = { user: null, idToken: null, restoring: false, expired: false };
      for (const l of listeners) l();
    }
  },
  pending(challenge: TPendingChallenge) {
    generation++;
    set({ user: challenge, idToken: null, restoring: false, expired: false });
  },
  updateUser(patch: Partial<TSessionUser>) {
    const u = snapshot.user;
    if (!u || isPending(u)) return;
    set({ ...snapshot, user: { ...u, ...patch } });
  },
  /** Logout and sign-in both start from a clean local storage (spec console §2, §7). */
  clear() {
    generation++;
    clearLocalStorage();
    set({ user: null, idToken: null, restoring: false, expired: false });
  },
  expire() {
    generation++;
    const wasSignedIn = !!signedInUser(snapshot);
    clearLocalStorage();
    set({ user: null, idToken: null, restoring: false, expired: wasSignedIn });
  },
  dismissExpired() {
    set({ ...snapshot, expired: false });
  },
};

/**
 * Per-tab sharing: a sign-out in another tab — or a sign-in there, which starts from a clean local
 * storage — removes or replaces currentUser, and this tab follows: it forgets its user and id
 * token, and the guard sends it to /auth/login. Another tab's refresh or profile change rewrites
 * currentUser for the same user: this tab takes the user over and keeps its id token.
 */
function onStorage(e: StorageEvent) {
  if (e.storageArea !== storage()) return;
  if (e.key !== null && e.key !== STORAGE_KEYS.currentUser) return;
  const user = readUser(e.key === null ? null : e.newValue);
  const current = signedInUser(snapshot);
  if (current && user && user.user_id === current.user_id) {
    snapshot = { ...snapshot, user };
  } else if (current || (snapshot.restoring && !user)) {
    generation++;
    snapshot = { user: null, idToken: null, restoring: false, expired: false };
  } else return;
  for (const l of listeners) l();
}
if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** The signed-in user; only for components rendered behind the auth guard. */
export function useCurrentUser(): TSessionUser {
  const user = signedInUser(useSession());
  if (!user) throw new Error('useCurrentUser outside the authenticated shell');
  return user;
}
