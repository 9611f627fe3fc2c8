import {
  getWalletReconciliation,
  listReconciliationTransfers,
  reconciliationTransfersResponseSchema,
  walletReconciliationResponseSchema,
} from '@gerbang/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

/** Every account's day (the server compares each phone's balance with the ledger's cash). */
export function useWalletReconciliation(date: string) {
  return useQuery({
    queryKey: ['wallets', 'reconciliation', date],
    queryFn: async () =>
      walletReconciliationResponseSchema.parse((await api.get(getWalletReconciliation.path, { params: { date } })).data)
        .items,
    placeholderData: keepPreviousData,
  });
}

/** The transfers behind one account's day, once asked for. */
export function useReconciliationTransfers(accountId: string | null, date: string) {
  return useQuery({
    queryKey: ['wallets', 'reconciliation', date, 'transfers', accountId],
    queryFn: async () =>
      reconciliationTransfersResponseSchema.parse(
        (await api.get(endpointPath(listReconciliationTransfers, accountId as string), { params: { date } })).data,
      ).items,
    enabled: accountId !== null,
  });
}
