import {
  listWallets,
  listWalletsResponseSchema,
  WALLET_IDS_PER_QUERY_MAX,
  type WalletAccount,
} from '@gerbang/contract';
import { api } from '../../../lib/api-client';

/** The current view of these accounts (any provider), in requests of at most 100 ids. */
export async function getWalletsByIds(ids: readonly string[]): Promise<WalletAccount[]> {
  const found: WalletAccount[] = [];
  for (let at = 0; at < ids.length; at += WALLET_IDS_PER_QUERY_MAX) {
    const chunk = ids.slice(at, at + WALLET_IDS_PER_QUERY_MAX);
    const response = await api.get(listWallets.path, { params: { ids: chunk.join(','), limit: chunk.length } });
    found.push(...listWalletsResponseSchema.parse(response.data).items);
  }
  return found;
}
