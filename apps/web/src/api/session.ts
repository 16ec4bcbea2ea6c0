import { type TSessionUser, type TTokensResponse, ZSessionUser } from '@lockerops/contract';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/** localStorage keys of the console (spec console §3 "Local UI preferences"). */
export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  tokens: 'tokens',
  themeMode: 'themeMode',
  themeColor: 'themeColor',
} as const;

/** Preferences that survive a logout; everything else in localStorage is session data. */
const KEPT_ON_LOGOUT: readonly string[] = [STORAGE_KEYS.themeMode, STORAGE_KEYS.themeColor];

const ZStoredTokens = z.object({
  id_token: z.string(),
  refresh_token: z.string(),
  /** epoch milliseconds */
  expires_at: z.number(),
});
export type TStoredTokens = z.infer<typeof ZStoredTokens>;

/** A sign-in that answered the new-password challenge: kept until /auth/welcome completes it. */
const ZPendingChallenge = z.object({
  email: z.string(),
  challenge: z.literal('NEW_PASSWORD_REQUIRED'),
  session: z.string(),
});
export type TPendingChallenge = z.infer<typeof ZPendingChallenge>;

const ZStoredUser = z.union([ZPendingChallenge, ZSessionUser]);
export type TStoredUser = z.infer<typeof ZStoredUser>;

export interface SessionSnapshot {
  user: TStoredUser | null;
  tokens: TStoredTokens | null;
  /** set when the session ran out; the shell shows the 'Alert!' dialog until dismissed */
  expired: boolean;
}

export const isPending = (u: TStoredUser | null): u is TPendingChallenge => !!u && 'challenge' in u;

/** The signed-in user, or null when nobody is signed in or the sign-in still waits for a new password. */
export const signedInUser = (s: SessionSnapshot): TSessionUser | null =>
  s.user && !isPending(s.user) && s.tokens ? s.user : null;

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

let snapshot: SessionSnapshot = load();
const listeners = new Set<() => void>();

function load(): SessionSnapshot {
  return {
    user: read(STORAGE_KEYS.currentUser, ZStoredUser),
    tokens: read(STORAGE_KEYS.tokens, ZStoredTokens),
    expired: false,
  };
}

function set(next: SessionSnapshot) {
  snapshot = next;
  write(STORAGE_KEYS.currentUser, next.user);
  write(STORAGE_KEYS.tokens, next.tokens);
  for (const l of listeners) l();
}

function clearLocalStorage() {
  for (const key of Object.keys(localStorage)) {
    if (!KEPT_ON_LOGOUT.includes(key)) localStorage.removeItem(key);
  }
}

const toStoredTokens = (t: TTokensResponse): TStoredTokens => ({
  id_token: t.id_token,
  refresh_token: t.refresh_token,
  expires_at: Date.now() + t.expires_in * 1000,
});

/** The one session of the console, mirrored in localStorage (keys currentUser and tokens). */
export const sessionStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): SessionSnapshot => snapshot,
  /** Re-read localStorage (tests, or another tab). */
  reload() {
    snapshot = load();
    for (const l of listeners) l();
  },
  signedIn(tokens: TTokensResponse) {
    set({ user: tokens.user, tokens: toStoredTokens(tokens), expired: false });
  },
  /** A rotated token pair (the refresh token is single-use: keep the new one). */
  refreshed(tokens: TTokensResponse) {
    set({ ...snapshot, user: tokens.user, tokens: toStoredTokens(tokens) });
  },
  pending(challenge: TPendingChallenge) {
    set({ user: challenge, tokens: null, expired: false });
  },
  updateUser(patch: Partial<TSessionUser>) {
    const u = snapshot.user;
    if (!u || isPending(u)) return;
    set({ ...snapshot, user: { ...u, ...patch } });
  },
  /** Logout and sign-in both start from a clean local storage (spec console §2, §7). */
  clear() {
    clearLocalStorage();
    set({ user: null, tokens: null, expired: false });
  },
  expire() {
    if (!signedInUser(snapshot)) return;
    clearLocalStorage();
    set({ user: null, tokens: null, expired: true });
  },
  dismissExpired() {
    set({ ...snapshot, expired: false });
  },
};

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** The signed-in user; only for components rendered behind the auth guard. */
export function useCurrentUser(): TSessionUser {
  const user = signedInUser(useSession());
  if (!user) throw new Error('useCurrentUser outside the authenticated shell');
  return user;
}
