import {
  ACCOUNT_NUMBER_RULES,
  type Command,
  type CommandResult,
  type CreateWalletBody,
  CURRENCY_OF_PROVIDER,
  createWallet,
  DEVICE_CHECK_TYPES,
  type Hello,
  WALLET_CHECK_TYPES,
  type WalletAccount,
  type WalletProvider,
} from '@gerbang/contract';
import { answerCommands, type FleetTestApp, fleetTestApp, onlineAgent } from '../agents/agents.test-support';

/** Everything a phone with wallet apps declares. */
export const WALLET_PHONE_CAPABILITIES: Hello['capabilities'] = [
  ...DEVICE_CHECK_TYPES,
  ...WALLET_CHECK_TYPES,
  'get_qr_code',
  'wallet_login',
  'account_inquiry',
  'send_transfer',
];

/**
 * A fleet test app with the wallet and proxy schedules off (a scheduled proxy check would change a
 * proxy a test just set up); deadlines short enough to watch them pass.
 */
export function walletTestApp(env: Record<string, string> = {}) {
  return fleetTestApp({
    WALLET_CHECK_SCHEDULE_MINUTES: '0',
    PROXY_CHECK_SCHEDULE_MINUTES: '0',
    WALLET_COMMAND_DEADLINE_SECONDS: '2',
    ...env,
  });
}

export function walletPhone(t: FleetTestApp, overrides: Partial<Hello> = {}) {
  return onlineAgent(t, { capabilities: WALLET_PHONE_CAPABILITIES, ...overrides });
}

let counter = 0;
/** A valid, unused account number of the provider: its example with the last nine digits varied. */
export function accountNumber(provider: WalletProvider): string {
  counter += 1;
  const unique = `${Date.now() % 100_000}`.padStart(5, '0') + String(counter % 10_000).padStart(4, '0');
  const { example } = ACCOUNT_NUMBER_RULES[provider];
  return example.slice(0, -unique.length) + unique;
}

export const CREDENTIALS: Record<WalletProvider, Record<string, string>> = {
  dana: { pin: '135790' },
  livin: { password: 'livin-password', mpin: '246802' },
  maya: { password: 'maya-password', mpin: '1357' },
};

export async function addAccount(
  t: FleetTestApp,
  deviceId: string,
  provider: WalletProvider = 'dana',
  overrides: Partial<CreateWalletBody> = {},
): Promise<WalletAccount> {
  const res = await t.app.inject({
    method: createWallet.method,
    url: createWallet.path,
    headers: t.admin.headers,
    payload: {
      deviceId,
      provider,
      accountNumber: accountNumber(provider),
      holderName: 'Siti Rahayu',
      credentials: CREDENTIALS[provider],
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create account failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export type WalletCommand = Exclude<Command, { type: 'health-check' }>;
type Answer = Omit<CommandResult, 'commandId'> | null;

/** The code the fake phone "receives" by SMS at step 3. */
export const TEST_OTP = '246810';

/** The holder name the fake phone's provider gives every destination it is asked about. */
export const TEST_HOLDER_NAME = 'SITI RAHAYU';

/**
 * Plays the provider apps of a phone: login steps succeed (step 4 only with TEST_OTP), checks
 * answer plausible data, inquiries name TEST_HOLDER_NAME, transfers go through. `override`
 * answers a command differently (null: never answer).
 */
export function fakeWalletApp(
  socket: Parameters<typeof answerCommands>[0],
  override?: (command: WalletCommand) => Answer | undefined,
) {
  const received: WalletCommand[] = [];
  answerCommands(socket, (command) => {
    if (command.type === 'health-check') return { ok: true };
    received.push(command);
    const special = override?.(command);
    if (special !== undefined) return special;
    if (command.type === 'wallet-login') {
      if (command.payload.step === 3) return { ok: true, data: { otpTtlSeconds: 300 } };
      if (command.payload.step === 4 && command.payload.otp !== TEST_OTP) {
        return { ok: false, errorCode: 'wrong_otp', error: 'The code is not right' };
      }
      return { ok: true };
    }
    if (command.type === 'account-inquiry') return { ok: true, data: { holderName: TEST_HOLDER_NAME } };
    if (command.type === 'transfer') {
      return { ok: true, data: { providerTransactionId: `TRX-${command.payload.transferId.slice(0, 8)}` } };
    }
    const { checkType, account } = command.payload;
    if (checkType === 'get_balance')
      return { ok: true, data: { balance: CURRENCY_OF_PROVIDER[account.provider] === 'PHP' ? '1250.50' : '150000' } };
    if (checkType === 'get_qr_code')
      return { ok: true, data: { qr: `00020101021126${account.accountNumber}5802ID6304ABCD` } };
    if (checkType === 'transaction_history') return { ok: true, data: { transactions: [] } };
    return { ok: true };
  });
  return received;
}
