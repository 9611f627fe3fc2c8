import { parseArgs } from 'node:util';
import { AGENT_HEARTBEAT_INTERVAL_MS } from '@gerbang/contract';
import { DEFAULT_TOKENS_FILE } from './tokens-file';

/**
 * Where the operator's password comes from: never the command line, where `ps` and the shell's
 * history would show it.
 */
export type PasswordSource =
  | { from: 'environment'; value: string }
  | { from: 'file'; path: string }
  | { from: 'prompt' };

export type SimulatorArgs = {
  devices: number;
  server: string;
  email?: string;
  password?: PasswordSource;
  tokensFile: string;
  latencyMs: number;
  failureRate: number;
  /** Undefined: the interval the server gives in its hello ack. */
  heartbeatMs?: number;
  busyRate: number;
  chaos: boolean;
  prefix: string;
  seed?: number;
  statusMs: number;
  /** Undefined: no control API. */
  controlPort?: number;
  otpTtlSeconds?: number;
};

export const USAGE = `Usage: npm run sim -- [options]

Runs simulated phones (development and testing only) that speak Gerbang's device-agent protocol.

  --devices <n>         how many phones (default 20, at most 5000)
  --server <url>        Gerbang server (default http://localhost:8080)
  --email <e>           operator who registers missing devices; the password comes from
                          SIM_PASSWORD, else --password-file, else it is asked for
  --password-file <f>   a file holding that password (its first line)
  --tokens-file <path>  device tokens by name, read and written (default ${DEFAULT_TOKENS_FILE}, mode 0600)
  --latency-ms <ms>     mean time to answer a health check, ±25% (default 800)
  --failure-rate <0-1>  share of health checks that fail (default 0.1)
  --heartbeat-ms <ms>   heartbeat interval (default: the server's, ${AGENT_HEARTBEAT_INTERVAL_MS})
  --busy-rate <0-1>     chance per heartbeat that an idle phone goes busy for a while (default 0.05)
  --chaos               drop and restore random connections
  --prefix <name>       device names are <prefix>-001, <prefix>-002, ... (default sim)
  --seed <n>            replay the same telemetry, latencies and failures
  --status-ms <ms>      how often to print the status line (default 5000; 0: never)
  --control-port <n>    serve the control API on 127.0.0.1:<n> (transfers, OTPs, faults;
                          see docs/simulator.md); 0 picks a free port
  --otp-ttl-seconds <s> how long a simulated OTP is good (default 300)
  --help                this text`;

export class CliArgsError extends Error {}

function number(
  name: string,
  raw: string | undefined,
  fallback: number,
  rule: { min: number; max: number; integer?: boolean },
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) throw new CliArgsError(`--${name} must be a number (got "${raw}")`);
  if (rule.integer && !Number.isInteger(value)) throw new CliArgsError(`--${name} must be a whole number (got ${raw})`);
  if (value < rule.min || value > rule.max) {
    throw new CliArgsError(`--${name} must be between ${rule.min} and ${rule.max} (got ${raw})`);
  }
  return value;
}

/** Parses `npm run sim` arguments; returns null for --help and throws CliArgsError with a clear message. */
export function parseCliArgs(argv: string[], env: Record<string, string | undefined> = {}): SimulatorArgs | null {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new CliArgsError((error as Error).message);
  }
  if (values.help) return null;

  const server = values.server ?? 'http://localhost:8080';
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new CliArgsError(`--server must be a URL such as http://localhost:8080 (got "${server}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliArgsError(`--server must be an http:// or https:// URL (got "${server}")`);
  }

  if (values.password !== undefined) {
    throw new CliArgsError(
      "--password is not taken: the command line shows in ps and the shell's history. Set SIM_PASSWORD, use --password-file <file>, or give --email alone to be asked",
    );
  }
  const passwordFile = values['password-file'];
  if (passwordFile !== undefined && !values.email) throw new CliArgsError('--password-file needs --email');
  const password: PasswordSource | undefined = !values.email
    ? undefined
    : env.SIM_PASSWORD
      ? { from: 'environment', value: env.SIM_PASSWORD }
      : passwordFile !== undefined
        ? { from: 'file', path: passwordFile }
        : { from: 'prompt' };

  const prefix = values.prefix ?? 'sim';
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/.test(prefix)) {
    throw new CliArgsError('--prefix must be 1–40 letters, digits, "-" or "_", starting with a letter or digit');
  }

  return {
    devices: number('devices', values.devices, 20, { min: 1, max: 5000, integer: true }),
    server: url.origin,
    ...(values.email ? { email: values.email, password } : {}),
    tokensFile: values['tokens-file'] ?? DEFAULT_TOKENS_FILE,
    latencyMs: number('latency-ms', values['latency-ms'], 800, { min: 0, max: 600_000, integer: true }),
    failureRate: number('failure-rate', values['failure-rate'], 0.1, { min: 0, max: 1 }),
    heartbeatMs:
      values['heartbeat-ms'] === undefined
        ? undefined
        : number('heartbeat-ms', values['heartbeat-ms'], 0, { min: 100, max: 600_000, integer: true }),
    busyRate: number('busy-rate', values['busy-rate'], 0.05, { min: 0, max: 1 }),
    chaos: values.chaos ?? false,
    prefix,
    seed:
      values.seed === undefined
        ? undefined
        : number('seed', values.seed, 0, { min: 0, max: 2 ** 32 - 1, integer: true }),
    statusMs: number('status-ms', values['status-ms'], 5000, { min: 0, max: 3_600_000, integer: true }),
    controlPort:
      values['control-port'] === undefined
        ? undefined
        : number('control-port', values['control-port'], 0, { min: 0, max: 65_535, integer: true }),
    otpTtlSeconds:
      values['otp-ttl-seconds'] === undefined
        ? undefined
        : number('otp-ttl-seconds', values['otp-ttl-seconds'], 300, { min: 30, max: 3600, integer: true }),
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      devices: { type: 'string' },
      server: { type: 'string' },
      email: { type: 'string' },
      // Refused with a reason, not as an unknown option.
      password: { type: 'string' },
      'password-file': { type: 'string' },
      'tokens-file': { type: 'string' },
      'latency-ms': { type: 'string' },
      'failure-rate': { type: 'string' },
      'heartbeat-ms': { type: 'string' },
      'busy-rate': { type: 'string' },
      chaos: { type: 'boolean' },
      prefix: { type: 'string' },
      seed: { type: 'string' },
      'status-ms': { type: 'string' },
      'control-port': { type: 'string' },
      'otp-ttl-seconds': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
