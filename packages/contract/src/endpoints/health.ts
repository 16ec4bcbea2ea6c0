/**
 * The endpoint map's entries for the health check. `../endpoints.ts` joins every area into
 * `endpoints`; the console imports only the areas a page calls.
 */
import { ZHealthResponse } from '../health';
import { endpoint } from './define';

export const healthEndpoints = {
  health: {
    get: endpoint({ method: 'GET', path: '/health', response: ZHealthResponse }),
  },
} as const;
