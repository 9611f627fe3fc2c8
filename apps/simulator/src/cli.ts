import { resolve } from 'node:path';
import { CliArgsError, parseCliArgs, USAGE } from './cli-args';
import { type ControlApi, startControlApi } from './control-api';
import { type Fleet, formatStatus, startFleet } from './fleet';
import { consoleLogger } from './logger';
import { readPassword } from './password-source';

/** `npm run sim -- ...`: many simulated phones in one process, until Ctrl-C. */
async function main(): Promise<void> {
  let args: ReturnType<typeof parseCliArgs>;
  try {
    args = parseCliArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof CliArgsError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (!args) {
    console.log(USAGE);
    return;
  }

  // `npm run sim` runs in apps/simulator; a relative path means where the command was typed.
  const here = process.env.INIT_CWD ?? process.cwd();
  const tokensFile = resolve(here, args.tokensFile);
  const { email, password } = args;
  const auth =
    email && password
      ? {
          email,
          password: await readPassword(
            password.from === 'file' ? { from: 'file', path: resolve(here, password.path) } : password,
            email,
          ),
        }
      : undefined;
  let fleet: Fleet | null = null;
  let control: ControlApi | null = null;
  let status: NodeJS.Timeout | undefined;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) process.exit(130); // A second Ctrl-C does not wait.
    stopping = true;
    clearInterval(status);
    await control?.close();
    consoleLogger.info('stopping the simulated devices...');
    await fleet?.stop();
    if (fleet) consoleLogger.info(formatStatus(fleet.stats()));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());

  consoleLogger.info(
    `starting ${args.devices} simulated devices against ${args.server} (tokens: ${tokensFile}${args.chaos ? ', chaos on' : ''})`,
  );
  fleet = await startFleet({
    server: args.server,
    devices: { count: args.devices, prefix: args.prefix },
    tokensFile,
    ...(auth ? { auth } : {}),
    latencyMs: args.latencyMs,
    failureRate: args.failureRate,
    busyRate: args.busyRate,
    heartbeatMs: args.heartbeatMs,
    otpTtlSeconds: args.otpTtlSeconds,
    chaos: args.chaos,
    seed: args.seed,
    logger: consoleLogger,
  });
  if (stopping) return;
  const current = fleet;
  if (args.controlPort !== undefined) {
    control = await startControlApi(current, args.controlPort);
    consoleLogger.info(
      `control API on ${control.url} (GET /accounts, POST /transfers, GET /accounts/:id/otp, POST /faults)`,
    );
  }
  if (args.statusMs > 0) status = setInterval(() => consoleLogger.info(formatStatus(current.stats())), args.statusMs);
}

main().catch((error: unknown) => {
  console.error(`The simulator stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
