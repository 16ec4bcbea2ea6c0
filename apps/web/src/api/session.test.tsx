import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeTokens, makeUser } from '../test/fixtures';
import { useCompleteNewPassword, useSignIn, useSignOut } from './auth';
import { sessionStore, signedInUser } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  sessionStorage.clear();
});

const ID_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.id-token-of-the-test.sig';
const CHALLENGE = 'eyJhbGciOiJIUzI1NiJ9.challenge-of-the-test.sig';

/** Everything the page's scripts can read back from both storages. */
const storedText = () => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]);

/** A value that looks like a token: a JWT, or a field named like one. */
const TOKEN_LIKE = /eyJ|id_token|refresh_token|"session"|tokens/;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

/** Another tab writing localStorage: the `storage` event this tab receives. */
function otherTab(key: string | null, newValue: string | null) {
  if (key && newValue !== null) localStorage.setItem(key, newValue);
  else if (key) localStorage.removeItem(key);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
}

describe('no token in script-readable storage', () => {
  it('signs in in cookie mode and keeps the id token in memory only', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ ...makeTokens(), id_token: ID_TOKEN, refresh_token: undefined }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useSignIn(), { wrapper });
    await act(() => result.current.mutateAsync({ email: ' ada@demo-org.test ', password: 'Pw-12345!' }));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/sign-in');
    expect((init.headers as Record<string, string>)['X-Session']).toBe('cookie');
    expect(JSON.parse(String(init.body))).toMatchObject({ email: 'ada@demo-org.test' });
    expect(sessionStore.get().idToken?.token).toBe(ID_TOKEN);
    expect(signedInUser(sessionStore.get())).toEqual(makeUser());
    // currentUser stays (spec console §3), nothing token-like does
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toEqual(makeUser());
    expect(storedText()).not.toMatch(TOKEN_LIKE);
  });

  it('keeps a new-password challenge in memory, its name in localStorage', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ challenge: 'NEW_PASSWORD_REQUIRED', session: CHALLENGE }))
      .mockResolvedValueOnce(jsonResponse({ ...makeTokens(), id_token: ID_TOKEN }));
    vi.stubGlobal('fetch', fetchMock);
    const signIn = renderHook(() => useSignIn(), { wrapper });
    await act(() =>
      signIn.result.current.mutateAsync({ email: 'new@demo-org.test', password: 'Temp-1234!' }),
    );
    expect(sessionStore.get().user).toEqual({
      email: 'new@demo-org.test',
      challenge: 'NEW_PASSWORD_REQUIRED',
      session: CHALLENGE,
    });
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toEqual({
      email: 'new@demo-org.test',
      challenge: 'NEW_PASSWORD_REQUIRED',
    });
    expect(storedText()).not.toMatch(TOKEN_LIKE);

    const complete = renderHook(() => useCompleteNewPassword(), { wrapper });
    await act(() =>
      complete.result.current.mutateAsync({ session: CHALLENGE, new_password: 'Good-Pw-123!' }),
    );
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((init.headers as Record<string, string>)['X-Session']).toBe('cookie');
    expect(sessionStore.get().idToken?.token).toBe(ID_TOKEN);
    expect(storedText()).not.toMatch(TOKEN_LIKE);
  });

  it('removes the tokens an older console left in localStorage', async () => {
    localStorage.setItem('tokens', JSON.stringify({ id_token: 'old', refresh_token: 'old' }));
    vi.resetModules();
    await import('./session');
    expect(localStorage.getItem('tokens')).toBeNull();
  });
});

describe('logout', () => {
  it('signs out on the server (cookie and bearer), clears local storage and keeps the theme', async () => {
    sessionStore.signedIn({ ...makeTokens(), id_token: ID_TOKEN });
    localStorage.setItem('themeMode', 'dark');
    localStorage.setItem('lastLocationId', 'abc');
    const fetchMock = vi.fn().mockResolvedValueOnce(jsonResponse({ detail: 'Signed out' }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useSignOut(), { wrapper });
    await act(() => result.current());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/sign-out');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${ID_TOKEN}`);
    expect(sessionStore.get()).toMatchObject({ user: null, idToken: null });
    expect({ ...localStorage }).toEqual({ themeMode: 'dark' });
  });
});

describe('per-tab sharing', () => {
  it('signs this tab out when another tab signs out', () => {
    sessionStore.signedIn(makeTokens());
    otherTab('currentUser', null);
    expect(sessionStore.get()).toMatchObject({ user: null, idToken: null, expired: false });
  });

  it('signs this tab out when another tab clears local storage', () => {
    sessionStore.signedIn(makeTokens());
    localStorage.clear();
    otherTab(null, null);
    expect(sessionStore.get().user).toBeNull();
  });

  it('signs this tab out when another account signs in elsewhere', () => {
    sessionStore.signedIn(makeTokens());
    otherTab(
      'currentUser',
      JSON.stringify(makeUser('member', { user_id: '33333333-3333-4333-8333-333333333333' })),
    );
    expect(sessionStore.get()).toMatchObject({ user: null, idToken: null });
  });

  it('takes over the same user written by another tab and keeps its id token', () => {
    sessionStore.signedIn(makeTokens());
    otherTab('currentUser', JSON.stringify(makeUser('admin', { first_name: 'Augusta' })));
    expect(sessionStore.get().user).toMatchObject({ first_name: 'Augusta' });
    expect(sessionStore.get().idToken?.token).toBe('id-1');
  });

  it('ignores the other keys', () => {
    sessionStore.signedIn(makeTokens());
    otherTab('themeMode', 'dark');
    expect(sessionStore.get().idToken?.token).toBe('id-1');
  });
});
