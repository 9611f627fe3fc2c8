import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeHarness } from './harness-registry';
import { stopProcess } from './server-process';

export default async function globalTeardown(): Promise<void> {
  const harness = takeHarness();
  if (!harness) return;
  if (harness.serverPid !== undefined) await stopProcess(harness.serverPid);
  for (const close of harness.closers.reverse()) await close().catch(() => {});
  // The server log goes beside the test results (CI keeps those), for post-mortems.
  const log = join(harness.workDir, 'server.log');
  if (existsSync(log)) {
    const results = fileURLToPath(new URL('../test-results', import.meta.url));
    mkdirSync(results, { recursive: true });
    copyFileSync(log, join(results, 'server.log'));
  }
  if (process.env.E2E_KEEP_TMP === '1') console.log(`e2e: kept ${harness.workDir}`);
  else rmSync(harness.workDir, { recursive: true, force: true });
}
