import {
  setWalletCredentials,
  type WalletAccount,
  type WalletCredentialField,
  walletResponseSchema,
} from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { useRefreshWallets } from './use-refresh-wallets';

type Input = { id: string; credentials: Partial<Record<WalletCredentialField, string>> };

/** Write-only: the values go up and are never read back (the answer lists which are set). */
export async function setCredentials({ id, credentials }: Input): Promise<WalletAccount> {
  const response = await api.put(endpointPath(setWalletCredentials, id), credentials);
  return walletResponseSchema.parse(response.data);
}

export function useSetWalletCredentials() {
  const refresh = useRefreshWallets();
  return useMutation({ mutationFn: setCredentials, onSuccess: refresh });
}
