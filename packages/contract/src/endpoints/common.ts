/**
 * The endpoint map's entries for files, images and the change history every area shares.
 * `../endpoints.ts` joins every area into `endpoints`; the console imports only the areas a page
 * calls.
 */
import { ZHistoryResponse, ZImageResponse } from '../common';
import { endpoint, PARTNER } from './define';

export const commonEndpoints = {
  files: {
    get: endpoint({ scopes: PARTNER, method: 'GET', path: '/files/:key', file: true }),
  },
  images: {
    create: endpoint({ method: 'POST', path: '/images', response: ZImageResponse, multipart: true }),
  },
  history: {
    get: endpoint({ method: 'GET', path: '/history/:entity/:id', response: ZHistoryResponse }),
  },
} as const;
