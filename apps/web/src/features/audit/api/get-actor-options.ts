import { listUsers, listUsersResponseSchema, PAGE_SIZE_MAX } from '@gerbang/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The users an operator can narrow the audit to (the newest hundred), for those who may list users. */
export function useActorOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['audit-log', 'actor-options'],
    queryFn: async () => {
      const response = await api.get(listUsers.path, { params: { limit: PAGE_SIZE_MAX } });
      return listUsersResponseSchema
        .parse(response.data)
        .items.map((user) => ({ value: user.id, label: `${user.name} (${user.email})` }));
    },
    enabled,
  });
}
