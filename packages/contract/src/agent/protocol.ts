import { z } from 'zod';
import { telemetrySchema } from '../devices/device';
import { deviceCheckTypeSchema } from '../health-checks/health-check';
import { amountStringSchema } from '../money/amount';
import { walletProviderSchema } from '../wallets/provider';
import { WALLET_ERROR_CODES, walletCommandCheckSchema } from '../wallets/wallet-checks';
import { walletCredentialsInputSchema } from '../wallets/wallet-credentials';
import { walletLoginStepSchema, walletOtpSchema } from '../wallets/wallet-login';
import { reportedWalletTransactionSchema, WALLET_TRANSACTIONS_PER_REPORT_MAX } from '../wallets/wallet-transactions';
import { payoutDestinationSchema, payoutProviderSchema } from '../withdrawals/payout-destination';
import { agentCapabilitySchema } from './capabilities';

/**
 * The device-agent wire protocol (documented in docs/agent-protocol.md). A phone's agent connects
 * to socket.io namespace AGENT_NAMESPACE at path /ws with `auth: { token }` (its device token),
 * sends `agent:hello` first, then heartbeats; the server sends commands, the agent acks their
 * receipt and later reports a `command:result`.
 */
export const AGENT_NAMESPACE = '/agent';
export const AGENT_PROTOCOL_VERSION = 1;
/** Versions this server speaks; an agent on another version is refused with a reason. */
export const SUPPORTED_AGENT_PROTOCOL_VERSIONS: readonly number[] = [1];

/** Agents heartbeat this often; a device not heard from for AGENT_PRESENCE_TIMEOUT_MS is offline. */
export const AGENT_HEARTBEAT_INTERVAL_MS = 10_000;
export const AGENT_PRESENCE_TIMEOUT_MS = 30_000;
/** A busy flag not renewed for this long is released (a lease: a lost agent cannot stay busy). */
export const AGENT_BUSY_LEASE_MS = 15 * 60_000;
/** Default time an agent has to answer a health-check command. */
export const HEALTH_CHECK_DEADLINE_MS = 30_000;
/** Default time an agent has to answer a wallet command (check or login step): app screens are slow. */
export const WALLET_COMMAND_DEADLINE_MS = 60_000;
/**
 * Time a phone has to report a transfer's outcome. Past it the server no longer knows whether money
 * left: the withdrawal is uncertain until the account's history says.
 */
export const TRANSFER_DEADLINE_MS = 120_000;
/** Inbound payloads over this many bytes are refused. */
export const AGENT_MAX_PAYLOAD_BYTES = 64 * 1024;

export const AGENT_EVENTS = {
  /** agent → server, first: who I am. Ack: HelloAck. */
  hello: 'agent:hello',
  /** agent → server, every AGENT_HEARTBEAT_INTERVAL_MS: telemetry. Ack: AgentAck. */
  heartbeat: 'agent:heartbeat',
  /** agent → server, when the phone starts or ends work outside Gerbang's commands. Ack: AgentAck. */
  busy: 'agent:busy',
  /** agent → server: the outcome of a command. Ack: AgentAck. */
  commandResult: 'command:result',
  /** agent → server, whenever the phone sees transfers on an account (e.g. a customer paid in). Ack: AgentAck. */
  walletTransactions: 'wallet:transactions',
  /** server → agent: do something. The agent acks receipt at once (CommandAck). */
  command: 'command',
  /** server → agent, just before the server drops the connection: why. */
  disconnectReason: 'agent:disconnect-reason',
  /** server → agent, whenever the wallet accounts Gerbang manages on this phone change. No ack. */
  accounts: 'agent:accounts',
} as const;

export const AGENT_ERROR_CODES = [
  'INVALID_PAYLOAD',
  'UNSUPPORTED_PROTOCOL_VERSION',
  'HELLO_REQUIRED',
  'UNKNOWN_COMMAND',
  'UNKNOWN_ACCOUNT',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const;
export const agentErrorSchema = z.object({ code: z.enum(AGENT_ERROR_CODES), message: z.string() });
export type AgentError = z.infer<typeof agentErrorSchema>;

/** Every ack from the server: ok, or a reason. Invalid payloads change nothing. */
export const agentAckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: agentErrorSchema }),
]);
export type AgentAck = z.infer<typeof agentAckSchema>;

/** A wallet account on the phone, as commands and the hello ack name it. */
export const walletAccountRefSchema = z.object({
  id: z.string(),
  provider: walletProviderSchema,
  accountNumber: z.string(),
});
export type WalletAccountRef = z.infer<typeof walletAccountRefSchema>;

export const helloSchema = z.strictObject({
  protocolVersion: z.number().int().min(1),
  /** Versions of the apps on the phone, e.g. { agent: "1.4.2", dana: "2.61.0" }. */
  appVersions: z.record(z.string().max(50), z.string().max(50)),
  /** What this phone can do (AGENT_CAPABILITIES). */
  capabilities: z.array(agentCapabilitySchema).max(50),
  telemetry: telemetrySchema.optional(),
  isBusy: z.boolean().optional(),
});
export type Hello = z.infer<typeof helloSchema>;
export const helloAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    deviceId: z.string(),
    heartbeatIntervalMs: z.number().int(),
    serverTime: z.string(),
    /** The wallet accounts Gerbang manages on this phone; `agent:accounts` repeats it on every change. */
    accounts: z.array(walletAccountRefSchema).default([]),
  }),
  z.object({ ok: z.literal(false), error: agentErrorSchema }),
]);
export type HelloAck = z.infer<typeof helloAckSchema>;

export const heartbeatSchema = z.strictObject({ telemetry: telemetrySchema });
export type Heartbeat = z.infer<typeof heartbeatSchema>;

export const busySchema = z.strictObject({ isBusy: z.boolean() });
export type BusyChange = z.infer<typeof busySchema>;

export const agentAccountsSchema = z.object({ accounts: z.array(walletAccountRefSchema) });
export type AgentAccounts = z.infer<typeof agentAccountsSchema>;

/** The command envelope. `type` selects the payload. */
export const COMMAND_TYPES = ['health-check', 'wallet-check', 'wallet-login', 'account-inquiry', 'transfer'] as const;
export const commandTypeSchema = z.enum(COMMAND_TYPES);
export type CommandType = (typeof COMMAND_TYPES)[number];

export const healthCheckCommandPayloadSchema = z.strictObject({ checkType: deviceCheckTypeSchema });

/** One check on one account: get_balance, transfer, transaction_history or get_qr_code. */
export const walletCheckCommandPayloadSchema = z.strictObject({
  account: walletAccountRefSchema,
  checkType: walletCommandCheckSchema,
});

/** The proxy the account's traffic goes out through (step 2 sets it up on the phone). */
export const agentProxySchema = z.object({
  type: z.enum(['http', 'https', 'socks5']),
  host: z.string(),
  port: z.number().int(),
  username: z.string().nullable(),
  password: z.string().nullable(),
});

/**
 * One login step (spec §2): 0 clear the app's session data, 1 save the credentials (carried only in
 * this step, over the agent's TLS connection; never logged), 2 initialise the environment (the
 * account's proxy, or none), 3 ask the provider to send the OTP (it arrives by SMS on the phone),
 * 4 verify the OTP the operator typed.
 */
export const walletLoginCommandPayloadSchema = z.strictObject({
  account: walletAccountRefSchema,
  step: walletLoginStepSchema,
  credentials: walletCredentialsInputSchema.optional(),
  proxy: agentProxySchema.nullable().optional(),
  otp: walletOtpSchema.optional(),
});
export type WalletLoginCommandPayload = z.infer<typeof walletLoginCommandPayloadSchema>;

/**
 * Ask, from this account's app, whose a destination account is (the name the provider shows before
 * a transfer). Moves no money. Result data: { holderName }; errorCode account_not_found when the
 * provider knows no such account.
 */
export const accountInquiryCommandPayloadSchema = z.strictObject({
  account: walletAccountRefSchema,
  destination: z.strictObject({ provider: payoutProviderSchema, accountNumber: z.string().min(1).max(30) }),
});
export type AccountInquiryCommandPayload = z.infer<typeof accountInquiryCommandPayloadSchema>;

/**
 * Send money from this account. `transferId` is the same for every delivery of this transfer: an
 * agent that already acted on it must report that outcome, never send again. Result data:
 * { providerTransactionId }. A phone that cannot tell whether the money left (the app crashed after
 * the send button) reports ok false with errorCode outcome_unknown; errors before sending (e.g.
 * insufficient_funds, destination_invalid) mean no money left.
 */
export const transferCommandPayloadSchema = z.strictObject({
  account: walletAccountRefSchema,
  transferId: z.string(),
  amount: amountStringSchema,
  destination: payoutDestinationSchema,
  /** Shown to the receiver where the provider allows it (the withdrawal's reference). */
  note: z.string().max(100),
});
export type TransferCommandPayload = z.infer<typeof transferCommandPayloadSchema>;
export const transferResultDataSchema = z.object({ providerTransactionId: z.string().trim().min(1).max(100) });
export const accountInquiryResultDataSchema = z.object({ holderName: z.string().trim().min(1).max(100) });

const envelope = {
  id: z.string(),
  /** ISO time by which the result must arrive; after it the server records a timeout. */
  deadlineAt: z.string(),
};

export const commandSchema = z.discriminatedUnion('type', [
  z.object({ ...envelope, type: z.literal('health-check'), payload: healthCheckCommandPayloadSchema }),
  z.object({ ...envelope, type: z.literal('wallet-check'), payload: walletCheckCommandPayloadSchema }),
  z.object({ ...envelope, type: z.literal('wallet-login'), payload: walletLoginCommandPayloadSchema }),
  z.object({ ...envelope, type: z.literal('account-inquiry'), payload: accountInquiryCommandPayloadSchema }),
  z.object({ ...envelope, type: z.literal('transfer'), payload: transferCommandPayloadSchema }),
]);
export type Command = z.infer<typeof commandSchema>;

/**
 * What a successful wallet command's `data` carries (other fields are kept for operators):
 * get_balance → the balance; transaction_history → the recent transfers; get_qr_code → the QR's
 * content; login step 3 → how long the OTP stays valid.
 */
export const walletBalanceDataSchema = z.object({ balance: amountStringSchema });
export const walletHistoryDataSchema = z.object({
  transactions: z.array(reportedWalletTransactionSchema).max(WALLET_TRANSACTIONS_PER_REPORT_MAX),
});
export const walletQrDataSchema = z.object({ qr: z.string().min(1).max(2000) });
export const walletOtpSentDataSchema = z.object({ otpTtlSeconds: z.number().int().min(30).max(3600).optional() });

/** agent → server: transfers the phone saw on one of its accounts. */
export const walletTransactionsReportSchema = z.strictObject({
  accountId: z.string().max(100),
  transactions: z.array(reportedWalletTransactionSchema).min(1).max(WALLET_TRANSACTIONS_PER_REPORT_MAX),
});
export type WalletTransactionsReport = z.input<typeof walletTransactionsReportSchema>;

/** The agent's immediate answer to `command`: accepted, or refused with a reason. */
export const commandAckSchema = z.union([
  z.object({ accepted: z.literal(true) }),
  z.object({ accepted: z.literal(false), reason: z.string().max(500) }),
]);
export type CommandAck = z.infer<typeof commandAckSchema>;

export const commandResultSchema = z.strictObject({
  commandId: z.string().max(100),
  ok: z.boolean(),
  /** Result details (e.g. the IP seen, the SMS round-trip time). */
  data: z.record(z.string(), z.unknown()).default({}),
  additionalData: z.record(z.string(), z.unknown()).default({}),
  error: z.string().max(500).optional(),
  /** For wallet commands that failed: why, in a word the server acts on (e.g. wrong_otp). */
  errorCode: z.enum(WALLET_ERROR_CODES).optional(),
});
export type CommandResult = z.input<typeof commandResultSchema>;

export const DISCONNECT_REASONS = [
  'replaced',
  'token_rotated',
  'disabled',
  'unsupported_protocol',
  'hello_timeout',
] as const;
export const disconnectReasonSchema = z.object({ reason: z.enum(DISCONNECT_REASONS), message: z.string() });
export type DisconnectReason = z.infer<typeof disconnectReasonSchema>;

/** Connect errors at handshake. */
export const AGENT_CONNECT_ERRORS = { unauthorized: 'unauthorized', disabled: 'device_disabled' } as const;

type Ack<T> = (answer: T) => void;
export type AgentToServerEvents = {
  'agent:hello': (hello: Hello, ack: Ack<HelloAck>) => void;
  'agent:heartbeat': (heartbeat: Heartbeat, ack: Ack<AgentAck>) => void;
  'agent:busy': (busy: BusyChange, ack: Ack<AgentAck>) => void;
  'command:result': (result: CommandResult, ack: Ack<AgentAck>) => void;
  'wallet:transactions': (report: WalletTransactionsReport, ack: Ack<AgentAck>) => void;
};
export type ServerToAgentEvents = {
  command: (command: Command, ack: Ack<CommandAck>) => void;
  'agent:disconnect-reason': (reason: DisconnectReason) => void;
  'agent:accounts': (accounts: AgentAccounts) => void;
};
