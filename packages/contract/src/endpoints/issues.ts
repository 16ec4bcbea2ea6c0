/**
 * The endpoint map's entries for issues. `../endpoints.ts` joins every area into `endpoints`; the
 * console imports only the areas a page calls.
 */
import { STAFF } from '../common';
import {
  ZIssue,
  ZIssueActionResponse,
  ZIssueCreateRequest,
  ZIssueListQuery,
  ZIssueStatusQuery,
  ZIssueUpdateRequest,
} from '../issues';
import { endpoint, listArea } from './define';

export const issuesEndpoints = {
  issues: {
    ...listArea('issues', {
      item: ZIssue,
      create: ZIssueCreateRequest,
      update: ZIssueUpdateRequest,
      query: ZIssueListQuery,
      roles: { read: STAFF },
    }),
    status: endpoint({
      roles: STAFF,
      method: 'PATCH',
      path: '/issues/:id',
      query: ZIssueStatusQuery,
      response: ZIssueActionResponse,
    }),
  },
} as const;
