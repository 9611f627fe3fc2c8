import type { WalletProvider, WalletSort } from '@gerbang/contract';
import type { walletAccounts } from '../../db/schema';

/** A wallet account's row, with its phone and proxy, as reads give it: below its repository and its page reads alike. */
export type WalletRecord = Omit<typeof walletAccounts.$inferSelect, 'credentialsEncrypted'> & {
  deviceName: string;
  deviceIsOnline: boolean;
  deviceIsBusy: boolean;
  deviceStatus: 'active' | 'disabled';
  deviceCapabilities: string[];
  proxyType: 'http' | 'https' | 'socks5' | null;
  proxyHost: string | null;
  proxyPort: number | null;
  proxyLabel: string | null;
  proxyCheckStatus: 'unchecked' | 'ok' | 'failed' | null;
  proxyLastCheckedAt: Date | null;
};

export type NewWalletRecord = typeof walletAccounts.$inferInsert;
export type WalletChanges = Partial<
  Pick<
    NewWalletRecord,
    | 'deviceId'
    | 'accountNumber'
    | 'holderName'
    | 'label'
    | 'notes'
    | 'dailyIncomingAmountMinor'
    | 'dailyIncomingCount'
    | 'dailyOutgoingAmountMinor'
    | 'dailyOutgoingCount'
    | 'settings'
    | 'proxyId'
    | 'loginStatus'
  >
>;

export type WalletListFilter = {
  provider?: WalletProvider;
  status?: 'active' | 'disabled' | 'auto_disabled';
  loginStatus?: 'logged_out' | 'logging_in' | 'logged_in' | 'failed' | 'session_expired';
  healthState?: 'healthy' | 'failing' | 'checking' | 'unknown';
  deviceId?: string;
  ids?: string[];
  q?: string;
  sort: WalletSort;
};
