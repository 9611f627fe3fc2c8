import { getWalletQrCode, type WalletQrCode, walletQrCodeSchema } from '@gerbang/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export async function getQrCode(id: string): Promise<WalletQrCode> {
  const response = await api.get(endpointPath(getWalletQrCode, id));
  return walletQrCodeSchema.parse(response.data);
}

export function getWalletQrCodeQueryOptions(id: string) {
  return queryOptions({ queryKey: ['wallets', 'qr-code', id], queryFn: () => getQrCode(id) });
}

export function useWalletQrCode(id: string) {
  return useQuery(getWalletQrCodeQueryOptions(id));
}
