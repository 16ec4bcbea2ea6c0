import { UNLOCK_REFRESH_MS } from '@lockerops/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { sessionStore } from '../../api/session';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { devicesKey, useUnlock } from './hooks';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('unlock', () => {
  it('reloads the device list again UNLOCK_REFRESH_MS after an unlock (spec operational §2 Devices)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    sessionStore.signedIn(makeTokens(makeUser('admin')));
    // fetch is the boundary to the API server, which does not run under jsdom.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: 'Device unlocked correctly.', updated: [], failed: [] })),
    );
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useUnlock(), { wrapper });
    await act(() => result.current.mutateAsync(['00000000-0000-4000-8000-0000000000c1']));
    const calls = () => invalidate.mock.calls.filter(([f]) => f?.queryKey?.[0] === devicesKey[0]).length;
    const right = calls(); // the list reloads once right after the answer
    expect(right).toBeGreaterThanOrEqual(1);
    await act(() => vi.advanceTimersByTimeAsync(UNLOCK_REFRESH_MS - 1));
    expect(calls()).toBe(right);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls()).toBe(right + 1);
  });
});
