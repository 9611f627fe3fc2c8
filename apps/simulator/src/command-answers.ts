import {
  type CommandAck,
  type CommandResult,
  commandAckSchema,
  commandResultSchema,
  commandSchema,
  type Telemetry,
} from '@gerbang/contract';
import { buildHealthCheckResult } from './health-check-answer';
import type { Logger } from './logger';
import type { PhoneWallets } from './wallets/phone-wallets';

/**
 * What a phone does with a command: its ack at once, and the result to send after its latency (none
 * when it refused, or when it hangs). `counts` says which of the phone's figures the result adds to.
 */
export type CommandAnswer = {
  ack: CommandAck;
  result?: CommandResult | ((latencyMs: number) => CommandResult);
  counts?: 'check' | 'failed_check' | 'wallet';
};

/**
 * A command as the phone takes it: device health checks answered from its telemetry; wallet
 * commands (checks, logins, inquiries, transfers) by its apps, faults included; anything it cannot
 * read refused in the ack.
 */
export function answerCommand(
  raw: unknown,
  phone: {
    name: string;
    wallets: PhoneWallets;
    logger: Logger;
    isCheckOk: () => boolean;
    telemetry: () => Telemetry;
    appVersions: Record<string, string>;
  },
): CommandAnswer {
  const parsed = commandSchema.safeParse(raw);
  if (!parsed.success) {
    const type = (raw as { type?: unknown } | null)?.type;
    const reason =
      typeof type === 'string' && type !== 'health-check' ? `unknown command type: ${type}` : 'invalid command';
    phone.logger.warn(`${phone.name}: refused a command (${reason})`);
    return { ack: commandAckSchema.parse({ accepted: false, reason }) };
  }
  const command = parsed.data;
  if (command.type === 'health-check') {
    const ok = phone.isCheckOk();
    return {
      ack: commandAckSchema.parse({ accepted: true }),
      result: (latencyMs) =>
        buildHealthCheckResult({
          commandId: command.id,
          checkType: command.payload.checkType,
          ok,
          latencyMs,
          telemetry: phone.telemetry(),
          appVersions: phone.appVersions,
        }),
      counts: ok ? 'check' : 'failed_check',
    };
  }
  const outcome = phone.wallets.handle(command);
  if (outcome.kind === 'refuse') {
    phone.logger.warn(`${phone.name}: refused ${command.type} (${outcome.reason})`);
    return { ack: commandAckSchema.parse({ accepted: false, reason: outcome.reason }) };
  }
  const ack = commandAckSchema.parse({ accepted: true });
  if (outcome.kind === 'silent') return { ack };
  const { kind: _, ...result } = outcome;
  return {
    ack,
    result: commandResultSchema.parse({
      commandId: command.id,
      ...result,
      additionalData: { simulated: true, type: command.type },
    }),
    counts: 'wallet',
  };
}
