import {
  CREDENTIAL_FIELDS_OF_PROVIDER,
  WALLET_LOGIN_STEP,
  type WalletLoginCommandPayload,
  type WalletLoginStep,
} from '@gerbang/contract';
import type { SecretBox } from '../../crypto/secret-box';
import type { ProxiesRepository } from '../proxies/proxies.repository';
import { openProxyEndpoint } from '../proxies/proxy-endpoint';
import type { WalletRecord } from './wallet-record';

/** Only what one step needs, held in memory for that step and never stored: credentials, the OTP. */
export type StepSecrets = { otp?: string };

/** What a login step's command carries: the account, and the secrets only the steps that need them. */
export function createLoginPayloads(deps: {
  openCredentials: (accountId: string) => Promise<Record<string, string> | null>;
  proxies: Pick<ProxiesRepository, 'findById'>;
  secretBox: SecretBox;
}) {
  async function hasAllCredentials(record: WalletRecord): Promise<boolean> {
    const credentials = await deps.openCredentials(record.id);
    return CREDENTIAL_FIELDS_OF_PROVIDER[record.provider].every((field) => Boolean(credentials?.[field]));
  }

  /** The step's command payload; secrets only in the steps that need them. */
  async function payloadOf(
    record: WalletRecord,
    step: WalletLoginStep,
    secrets: StepSecrets,
  ): Promise<WalletLoginCommandPayload | { error: string }> {
    const payload: WalletLoginCommandPayload = {
      account: { id: record.id, provider: record.provider, accountNumber: record.accountNumber },
      step,
    };
    if (step === WALLET_LOGIN_STEP.SaveInformation) {
      const credentials = await deps.openCredentials(record.id);
      if (!credentials) return { error: 'The stored credentials cannot be read; set them again' };
      payload.credentials = credentials;
    }
    if (step === WALLET_LOGIN_STEP.InitializeEnvironment) {
      const proxy = record.proxyId ? await deps.proxies.findById(record.proxyId) : null;
      if (proxy) {
        const { isPasswordUnreadable, ...endpoint } = openProxyEndpoint(proxy, deps.secretBox);
        if (isPasswordUnreadable) return { error: 'The proxy’s stored password cannot be read; set it again' };
        payload.proxy = endpoint;
      } else payload.proxy = null;
    }
    if (step === WALLET_LOGIN_STEP.VerifyOtp) payload.otp = secrets.otp;
    return payload;
  }

  return { hasAllCredentials, payloadOf };
}
