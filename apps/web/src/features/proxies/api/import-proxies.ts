import {
  type ImportProxiesBody,
  type ImportProxiesResponse,
  importProxies as importProxiesEndpoint,
  importProxiesResponseSchema,
} from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshProxies } from './use-refresh-proxies';

/** Valid lines are created even when others fail: the answer lists both. */
export async function importProxies(body: ImportProxiesBody): Promise<ImportProxiesResponse> {
  const response = await api.post(importProxiesEndpoint.path, body);
  return importProxiesResponseSchema.parse(response.data);
}

export function useImportProxies() {
  const refresh = useRefreshProxies();
  return useMutation({ mutationFn: importProxies, onSuccess: refresh });
}
