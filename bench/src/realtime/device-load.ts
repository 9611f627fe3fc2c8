import { startBareDevices } from './bare-driver';
import type { DeviceDriver } from './device-driver';
import { startGerbangDevices } from './gerbang-driver';
import {
  epochNow,
  type LoadChildMessage,
  type LoadParentMessage,
  type LoadSettings,
  type SendLog,
} from './load-protocol';

/**
 * Child process: the 1,000 devices (their own process, so neither the server under test nor the
 * consoles that measure share an event loop with them). Connects them on 'start', toggles busy on
 * a steady schedule between 'toggle-start' and 'toggle-stop' (answering with every send's time),
 * and disconnects them on 'stop'.
 */
const send = (message: LoadChildMessage) => process.send?.(message);
let driver: DeviceDriver | undefined;
let settings: LoadSettings | undefined;
let toggler: ReturnType<typeof startToggling> | undefined;

/**
 * Busy changes evenly spaced in time: change k goes to device k mod N at k × busyEveryMs / N, so
 * every device toggles every busyEveryMs and the fleet sends N × 1000 / busyEveryMs per second.
 * A tick checks every 5 ms; a late tick sends what is due at once (as phones would).
 */
function startToggling(d: DeviceDriver, busyEveryMs: number) {
  const n = d.ids.length;
  const busy = new Array<boolean>(n).fill(false);
  const log: SendLog = Object.fromEntries(d.ids.map((id) => [id, [] as number[]]));
  const startedAt = performance.now();
  let next = 0;
  let sent = 0;
  let skipped = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - startedAt) * n) / busyEveryMs);
    for (; next < due; next++) {
      const index = next % n;
      if (!d.isOnline(index)) {
        skipped += 1;
        continue;
      }
      const isBusy = !busy[index];
      busy[index] = isBusy;
      const sentAt = epochNow();
      d.setBusy(index, isBusy);
      log[d.ids[index] as string]?.push(sentAt, isBusy ? 1 : 0);
      sent += 1;
    }
  }, 5);
  return {
    startedAt: epochNow(),
    stop() {
      clearInterval(timer);
      return { log, sent, skipped, stoppedAt: epochNow() };
    },
  };
}

async function shutdown(code: number) {
  toggler?.stop();
  await driver?.stop().catch(() => {});
  process.exit(code);
}

process.on('message', async (message: LoadParentMessage) => {
  try {
    if (message.type === 'start') {
      settings = message.settings;
      driver = settings.mode === 'gerbang' ? await startGerbangDevices(settings) : await startBareDevices(settings);
      send({ type: 'online', connectMs: driver.connectMs });
    } else if (message.type === 'toggle-start' && driver && settings) {
      toggler = startToggling(driver, settings.busyEveryMs);
      send({ type: 'toggling', startedAt: toggler.startedAt });
    } else if (message.type === 'toggle-stop' && driver && toggler) {
      const { log, sent, skipped, stoppedAt } = toggler.stop();
      toggler = undefined;
      send({ type: 'toggled', stoppedAt, log, stats: { busySent: sent, busySkipped: skipped, ...driver.stats() } });
    } else if (message.type === 'usage') {
      const { idle, active } = performance.eventLoopUtilization();
      send({ type: 'usage', usage: { cpu: process.cpuUsage(), elu: { idle, active } } });
    } else if (message.type === 'stop') {
      await shutdown(0);
    }
  } catch (error) {
    send({ type: 'failed', message: (error as Error).stack ?? String(error) });
  }
});
// Orphaned (the orchestrator died): close every connection rather than linger.
process.on('disconnect', () => void shutdown(0));
