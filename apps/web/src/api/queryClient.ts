import { QueryClient } from '@tanstack/react-query';
import { ApiError, SessionExpiredError } from './errors';

/** Client errors (4xx) and an expired session are final; network and server failures retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => {
          if (error instanceof SessionExpiredError) return false;
          if (error instanceof ApiError && error.status < 500) return false;
          return count < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
