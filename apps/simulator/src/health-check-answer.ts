import { type CommandResult, commandResultSchema, type DeviceCheckType, type Telemetry } from '@gerbang/contract';

export type CheckContext = {
  commandId: string;
  checkType: DeviceCheckType;
  ok: boolean;
  latencyMs: number;
  telemetry: Telemetry;
  appVersions: Record<string, string>;
};

/** What each simulated check reports: plausible details, always marked as simulated. */
function detailsFor(context: CheckContext): Record<string, unknown> {
  switch (context.checkType) {
    case 'sms':
      return { roundTripMs: context.latencyMs };
    case 'network':
      return { networkType: context.telemetry.networkType, signal: context.telemetry.signal };
    case 'ip':
      return { ip: context.telemetry.ip };
    case 'app':
      return { appVersions: context.appVersions };
  }
}

/** The `command:result` for a health check, validated against the contract before it is sent. */
export function buildHealthCheckResult(context: CheckContext): CommandResult {
  return commandResultSchema.parse({
    commandId: context.commandId,
    ok: context.ok,
    data: context.ok ? detailsFor(context) : {},
    additionalData: { simulated: true, latencyMs: context.latencyMs, checkType: context.checkType },
    ...(context.ok ? {} : { error: `Simulated ${context.checkType} check failure` }),
  });
}
