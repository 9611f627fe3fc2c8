import { auditLogEntrySchema, getAuditEntry } from '@gerbang/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export function auditEntryQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['audit-log', 'entry', id],
    queryFn: async () => auditLogEntrySchema.parse((await api.get(endpointPath(getAuditEntry, id))).data),
  });
}

export function useAuditEntry(id: string) {
  return useQuery(auditEntryQueryOptions(id));
}
