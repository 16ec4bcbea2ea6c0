import { endpoints, zPage } from '@lockerops/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from './client';

const ZOption = zPage(
  z.object({
    // users answer `id`, team members `user_id` (spec operational §3)
    id: z.string().optional(),
    user_id: z.string().optional(),
    name: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    email: z.string().nullish(),
  }),
);

/**
 * People pickers (issue form, notification form): users (1/10000) and team members (1/150), each
 * as `{ id, label }`; spec console §7.
 */
export function usePeopleOptions(endpoint: 'users' | 'members', enabled: boolean) {
  return useQuery({
    queryKey: [endpoint, 'options', 'issues'],
    queryFn: ({ signal }) =>
      apiCall(endpoints[endpoint].list, {
        query: { page: 1, size: endpoint === 'users' ? 10000 : 150 },
        schema: ZOption,
        signal,
      }),
    enabled,
    select: (page) =>
      page.items.flatMap((p) => {
        const id = p.id ?? p.user_id;
        if (!id) return [];
        const label = [p.name ?? p.first_name, p.last_name].filter(Boolean).join(' ') || p.email || id;
        return [{ id, label }];
      }),
  });
}
