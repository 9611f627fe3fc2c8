import {
  type RunWalletChecksBody,
  type RunWalletChecksResponse,
  runWalletChecks as runWalletChecksEndpoint,
  runWalletChecksResponseSchema,
} from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshWallets } from './use-refresh-wallets';

export async function runWalletChecks(body: RunWalletChecksBody): Promise<RunWalletChecksResponse> {
  const response = await api.post(runWalletChecksEndpoint.path, body);
  return runWalletChecksResponseSchema.parse(response.data);
}

export function useRunWalletChecks() {
  const refresh = useRefreshWallets();
  // The started runs are CHECKING on the server already: reading again shows them.
  return useMutation({ mutationFn: runWalletChecks, onSuccess: refresh });
}
