import { apiLogDetailSchema, getApiLog } from '@gerbang/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

/** One request with its bodies (redacted by the server). */
export function useApiLog(id: string) {
  return useQuery({
    queryKey: ['api-logs', 'entry', id],
    queryFn: async () => apiLogDetailSchema.parse((await api.get(endpointPath(getApiLog, id))).data),
  });
}
