/**
 * The endpoint map's entries for help and feedback. `../endpoints.ts` joins every area into
 * `endpoints`; the console imports only the areas a page calls.
 */
import { EVERYONE } from '../common';
import { ZFeedbackResponse } from '../feedback';
import { endpoint } from './define';

export const feedbackEndpoints = {
  feedback: {
    create: endpoint({
      roles: EVERYONE,
      method: 'POST',
      path: '/feedback',
      response: ZFeedbackResponse,
      multipart: true,
    }),
  },
} as const;
