/**
 * Messages between the realtime orchestrator and its device-load child (device-load.ts), and the
 * clock both sides stamp events with.
 */

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes on one machine. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** gerbang: the simulator's phones against the real server · bare: plain socket.io clients against the baseline. */
export type LoadMode = 'gerbang' | 'bare';

export type LoadSettings = {
  mode: LoadMode;
  /** Base URL of the server the devices connect to. */
  url: string;
  devices: number;
  heartbeatMs: number;
  /** Each device toggles busy this often (phases spread evenly, so devices × 1000 / busyEveryMs events/s). */
  busyEveryMs: number;
  /** Connections are opened over this span. */
  connectSpreadMs: number;
  onlineTimeoutMs: number;
  /** gerbang only: the secret the seeded devices' tokens derive from (device-tokens.ts). */
  tokenSecret?: string;
};

/**
 * Per device (by id), the busy changes sent, flattened: [sentAt, isBusy (1/0), sentAt, isBusy, ...]
 * (flat numbers keep the IPC message small).
 */
export type SendLog = Record<string, number[]>;

export type LoadStats = {
  /** Busy changes emitted while toggling, and due ones skipped because the device was not online. */
  busySent: number;
  busySkipped: number;
  heartbeats: number;
  /** Acks that were refusals or never came (heartbeats and busy). */
  ackProblems: number;
  /** Connections opened beyond the first per device: a reconnect under load is a finding. */
  reconnects: number;
  warnings: number;
  firstWarnings: string[];
};

export type LoadParentMessage =
  | { type: 'start'; settings: LoadSettings }
  | { type: 'toggle-start' }
  | { type: 'toggle-stop' }
  | { type: 'usage' }
  | { type: 'stop' };

export type LoadChildMessage =
  | { type: 'online'; connectMs: number }
  | { type: 'toggling'; startedAt: number }
  | { type: 'toggled'; stoppedAt: number; log: SendLog; stats: LoadStats }
  | { type: 'usage'; usage: { cpu: NodeJS.CpuUsage; elu: { idle: number; active: number } } }
  | { type: 'failed'; message: string };
