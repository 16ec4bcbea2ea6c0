import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeTokens, makeUser } from '../test/fixtures';
import { apiRequest, buildUrl } from './client';
import { ApiError, NetworkError, SessionExpiredError } from './errors';
import { sessionStore } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('apiRequest', () => {
  it('builds URLs under /api with a query string', () => {
    expect(buildUrl('organizations', { page: 1, search: '', ids: ['a', 'b'] })).toBe(
      '/api/organizations?page=1&ids=a&ids=b',
    );
  });

  it('sends the bearer token, refreshes once on 401, stores the rotated tokens and retries', async () => {
    sessionStore.signedIn(makeTokens());
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ detail: 'Not authenticated' }, 401))
      .mockResolvedValueOnce(jsonResponse({ ...makeTokens(), id_token: 'id-2', refresh_token: 'refresh-2' }))
      .mockResolvedValueOnce(jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('members/self')).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[1].headers.Authorization).toBe('Bearer id-1');
    expect(JSON.parse(fetchMock.mock.calls[1]?.[1].body)).toEqual({ refresh_token: 'refresh-1' });
    expect(fetchMock.mock.calls[2]?.[1].headers.Authorization).toBe('Bearer id-2');
    expect(JSON.parse(localStorage.getItem('tokens') ?? '{}').refresh_token).toBe('refresh-2');
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
    expect(sessionStore.get()).toMatchObject({ user: null, tokens: null, expired: true });
    expect(localStorage.getItem('currentUser')).toBeNull();
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
