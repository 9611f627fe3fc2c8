import type { ServerChild } from './child-server';

const MB = 1024 * 1024;
const PROBE_MS = 100;

export type ExportMemory = {
  rows: number;
  megabytes: number;
  seconds: number;
  heapBeforeMb: number;
  heapPeakMb: number;
  rssBeforeMb: number;
  rssPeakMb: number;
};

/**
 * Issue 7: "a 100,000-row export does not load them all in memory". Downloads sessions as CSV as a
 * console would (`query`: the list's filters), while probing the server's heap and RSS every
 * 100 ms: their peak, against the size of the file. Run for exports ten times apart in size, flat
 * memory shows as the same peak.
 */
export async function measureExportMemory(server: ServerChild, token: string, query: string): Promise<ExportMemory> {
  const before = (await server.usage()).memory;
  let heapPeak = before.heapUsed;
  let rssPeak = before.rss;
  let probing = true;
  const probes = (async () => {
    while (probing) {
      const { memory } = await server.usage();
      heapPeak = Math.max(heapPeak, memory.heapUsed);
      rssPeak = Math.max(rssPeak, memory.rss);
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    }
  })();
  const startedAt = performance.now();
  let bytes = 0;
  let lines = 0;
  let seconds: number;
  try {
    const response = await fetch(`${server.url}/payment-sessions/export?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    seconds = (performance.now() - startedAt) / 1000;
  } finally {
    // A failed export stops the probes too: probing a stopped server would crash this process.
    probing = false;
    await probes;
  }
  return {
    rows: lines - 1,
    megabytes: Math.round((bytes / MB) * 10) / 10,
    seconds: Math.round(seconds * 10) / 10,
    heapBeforeMb: Math.round(before.heapUsed / MB),
    heapPeakMb: Math.round(heapPeak / MB),
    rssBeforeMb: Math.round(before.rss / MB),
    rssPeakMb: Math.round(rssPeak / MB),
  };
}
