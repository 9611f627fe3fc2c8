import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts process CPU in clock ticks of 10 ms (CLK_TCK = 100). */
const TICK_MS = 10;

type Stat = { pid: number; ppid: number; cpuTicks: number; reapedChildrenTicks: number };

function statOf(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state ppid … utime(14) stime(15)
    // cutime(16) cstime(17), the last two being the CPU of children that ended and were reaped.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      reapedChildrenTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined; // the process ended meanwhile
  }
}

function postmasterOf(port: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const at = argv.indexOf('-p');
      if (argv[0]?.endsWith('postgres') && at >= 0 && argv[at + 1] === port) return Number(entry);
    } catch {}
  }
  return undefined;
}

/** A local PostgreSQL server's postmaster and its processes, as they are now; none when it is not local. */
export function postgresProcessesOf(url: string): { postmaster?: Stat; children: Stat[] } {
  const pid = postmasterOf(new URL(url).port || '5432');
  const postmaster = pid === undefined ? undefined : statOf(pid);
  if (!postmaster) return { children: [] };
  const children: Stat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat?.ppid === postmaster.pid) children.push(stat);
  }
  return { postmaster, children };
}

/**
 * CPU time so far of a local PostgreSQL server (the postmaster and its backends), in ms; undefined
 * when it is not a local process (BENCH_POSTGRES_URL elsewhere) or this is not Linux. The API's
 * own CPU is half of what a list costs; the other half is here.
 */
export function postgresCpuMs(url: string): number | undefined {
  const { postmaster, children } = postgresProcessesOf(url);
  if (!postmaster) return undefined;
  // A backend that ends (a closed connection, an autovacuum worker) moves its CPU from its own
  // counters to the postmaster's count of reaped children: both are summed, so none is lost.
  let ticks = postmaster.cpuTicks + postmaster.reapedChildrenTicks;
  for (const child of children) ticks += child.cpuTicks;
  return ticks * TICK_MS;
}
