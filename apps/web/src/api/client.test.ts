import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeTokens, makeUser } from '../test/fixtures';
import { apiRequest, buildUrl, restoreSession } from './client';
import { ApiError, NetworkError, SessionExpiredError } from './errors';
import { sessionStore } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

/** The init of the n-th fetch call. */
const initOf = (fetchMock: ReturnType<typeof vi.fn>, n: number) =>
  fetchMock.mock.calls[n]?.[1] as RequestInit;
const headersOf = (fetchMock: ReturnType<typeof vi.fn>, n: number) =>
  initOf(fetchMock, n).headers as Record<string, string>;

/** What the refresh call of the console looks like: cookie mode, no token in the body. */
function expectCookieRefresh(fetchMock: ReturnType<typeof vi.fn>, n: number) {
  expect(fetchMock.mock.calls[n]?.[0]).toBe('/api/auth/refresh');
  const init = initOf(fetchMock, n);
  expect(init.method).toBe('POST');
  expect(init.credentials).toBe('same-origin');
  expect(headersOf(fetchMock, n)['X-Session']).toBe('cookie');
  expect(JSON.parse(String(init.body))).toEqual({});
}

describe('apiRequest', () => {
  it('builds URLs under /api with a query string', () => {
    expect(buildUrl('organizations', { page: 1, search: '', ids: ['a', 'b'] })).toBe(
      '/api/organizations?page=1&ids=a&ids=b',
    );
  });

  it('sends the bearer token, refreshes from the cookie once on 401, keeps the new id token in memory and retries', async () => {
    sessionStore.signedIn(makeTokens());
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ detail: 'Not authenticated' }, 401))
      .mockResolvedValueOnce(jsonResponse({ ...makeTokens(), id_token: 'id-2', refresh_token: undefined }))
      .mockResolvedValueOnce(jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('members/self')).resolves.toEqual({ ok: true });
    expect(headersOf(fetchMock, 0).Authorization).toBe('Bearer id-1');
    expectCookieRefresh(fetchMock, 1);
    expect(headersOf(fetchMock, 2).Authorization).toBe('Bearer id-2');
    expect(sessionStore.get().idToken?.token).toBe('id-2');
    expect(JSON.stringify({ ...localStorage })).not.toContain('id-2');
  });

  it('expires the session when the refresh fails', async () => {
    sessionStore.signedIn(makeTokens(makeUser('member')));
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(jsonResponse({ detail: 'Not authenticated' }, 401))
        .mockResolvedValueOnce(jsonResponse({ detail: 'Invalid' }, 401)),
    );
    await expect(apiRequest('members/self')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(sessionStore.get()).toMatchObject({ user: null, idToken: null, expired: true });
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('obtains an id token from the cookie first when a signed-in tab has none', async () => {
    // as after a reload: the user is in localStorage, the id token was in memory only
    const viewer = makeUser('viewer', { user_id: '33333333-3333-4333-8333-333333333333' });
    localStorage.setItem('currentUser', JSON.stringify(viewer));
    sessionStore.reload();
    expect(sessionStore.get()).toMatchObject({ user: viewer, idToken: null });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ ...makeTokens(viewer), id_token: 'id-3' }))
      .mockResolvedValueOnce(jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('members/self')).resolves.toEqual({ ok: true });
    expectCookieRefresh(fetchMock, 0);
    expect(headersOf(fetchMock, 1).Authorization).toBe('Bearer id-3');
  });

  it('renews an id token about to expire before the call', async () => {
    sessionStore.signedIn({ ...makeTokens(), expires_in: 5 });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ ...makeTokens(), id_token: 'id-4' }))
      .mockResolvedValueOnce(jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('members/self');
    expectCookieRefresh(fetchMock, 0);
    expect(headersOf(fetchMock, 1).Authorization).toBe('Bearer id-4');
  });

  it('throws ApiError with the body, and NetworkError when fetch fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(jsonResponse({ detail: 'Nope' }, 409)));
    await expect(apiRequest('x', { auth: false })).rejects.toMatchObject({
      status: 409,
      body: { detail: 'Nope' },
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    const err = await apiRequest('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).not.toBeInstanceOf(ApiError);
  });
});

describe('restoreSession (start of the console)', () => {
  it('restores the session from the cookie: the user and an id token in memory', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ ...makeTokens(), refresh_token: undefined }));
    vi.stubGlobal('fetch', fetchMock);
    const restoring = restoreSession();
    expect(sessionStore.get().restoring).toBe(true);
    await expect(restoring).resolves.toBe(true);
    expectCookieRefresh(fetchMock, 0);
    expect(sessionStore.get()).toMatchObject({
      user: makeUser(),
      idToken: { token: 'id-1' },
      restoring: false,
    });
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toEqual(makeUser());
  });

  it('forgets the user when the cookie has no session', async () => {
    localStorage.setItem('currentUser', JSON.stringify(makeUser()));
    sessionStore.reload();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(jsonResponse({ detail: 'Not authenticated' }, 401)));
    await expect(restoreSession()).resolves.toBe(false);
    expect(sessionStore.get()).toMatchObject({ user: null, idToken: null, restoring: false, expired: false });
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('keeps localStorage when the server does not answer', async () => {
    localStorage.setItem('currentUser', JSON.stringify(makeUser()));
    sessionStore.reload();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    await expect(restoreSession()).resolves.toBe(false);
    expect(sessionStore.get()).toMatchObject({ user: null, restoring: false });
    expect(localStorage.getItem('currentUser')).not.toBeNull();
  });

  it('lets a sign-in made meanwhile win over a late answer', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn().mockReturnValueOnce(
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      ),
    );
    const restoring = restoreSession();
    sessionStore.signedIn(makeTokens(makeUser('member', { email: 'new@demo-org.test' })));
    answer(jsonResponse(makeTokens(makeUser('admin'))));
    await expect(restoring).resolves.toBe(false);
    expect(sessionStore.get().user).toMatchObject({ email: 'new@demo-org.test', role: 'member' });
    expect(sessionStore.get().idToken?.token).toBe('id-1');
  });
});
