import { WALLET_COMMAND_CHECKS, WALLET_LOGIN_STEPS } from '@gerbang/contract';
import { z } from 'zod';

/**
 * What can go wrong on a phone, to rehearse the server's handling of it. Error kinds end the
 * command with that `errorCode`; `app_crashed` and `app_not_installed` too; `timeout` accepts the
 * command and never answers; `refuse` refuses it in the ack. For transfers: `crash_after_send`
 * sends the money, then reports app_crashed (the server cannot know it went); `silent_after_send`
 * sends it and never answers; `crash_after_send_unseen` sends it and reports app_crashed, and the
 * transfer reaches only the app's history, not its stream (the server learns of it at its next
 * history read); `account_not_found` fails an inquiry; `insufficient_funds` and
 * `destination_invalid` fail a transfer before any money moves.
 */
export const FAULT_KINDS = [
  'wrong_otp',
  'otp_expired',
  'wrong_credentials',
  'session_expired',
  'app_crashed',
  'app_not_installed',
  'timeout',
  'refuse',
  'account_not_found',
  'insufficient_funds',
  'destination_invalid',
  'crash_after_send',
  'silent_after_send',
  'crash_after_send_unseen',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Which commands a fault hits: a login step (0–4), a wallet check type, an inquiry or a transfer, or any wallet command. */
const faultTargetSchema = z.union([
  z.enum(WALLET_COMMAND_CHECKS),
  z.enum(['account_inquiry', 'send_transfer']),
  z
    .number()
    .int()
    .min(0)
    .max(WALLET_LOGIN_STEPS.length - 1),
]);

export const faultInputSchema = z.strictObject({
  kind: z.enum(FAULT_KINDS),
  /** One account; without it, every account on `device` (or on every phone). */
  accountId: z.string().min(1).max(100).optional(),
  /** A device name (e.g. sim-001) or id. */
  device: z.string().min(1).max(100).optional(),
  /** `next`: the next matching command only; `always`: until the faults are cleared. */
  times: z.enum(['next', 'always']).default('next'),
  on: faultTargetSchema.optional(),
});
export type FaultInput = z.input<typeof faultInputSchema>;
export type Fault = z.output<typeof faultInputSchema> & { id: number };

export type FaultTarget = {
  accountId: string;
  deviceId: string;
  deviceName: string;
  /** The login step or check type of the command. */
  on: number | string;
  /** Where a fault that names no `on` applies, by kind (e.g. wrong_otp: the Verify OTP step); else anywhere. */
  defaultOn?: Partial<Record<FaultKind, number | string>>;
};

/** The faults armed on a fleet; each matching command consumes a `next` fault. */
export class FaultBook {
  private faults: Fault[] = [];
  private nextId = 1;

  add(input: FaultInput): Fault {
    const fault = { ...faultInputSchema.parse(input), id: this.nextId++ };
    this.faults.push(fault);
    return fault;
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  clear(id?: number): number {
    const before = this.faults.length;
    this.faults = id === undefined ? [] : this.faults.filter((f) => f.id !== id);
    return before - this.faults.length;
  }

  /** The first fault that applies to this command, consumed when it was for the next command only. */
  take(target: FaultTarget): FaultKind | null {
    const index = this.faults.findIndex(
      (f) =>
        (f.accountId === undefined || f.accountId === target.accountId) &&
        (f.device === undefined || f.device === target.deviceId || f.device === target.deviceName) &&
        (f.on ?? target.defaultOn?.[f.kind] ?? target.on) === target.on,
    );
    const fault = this.faults[index];
    if (!fault) return null;
    if (fault.times === 'next') this.faults.splice(index, 1);
    return fault.kind;
  }
}
