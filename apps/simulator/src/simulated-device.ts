import {
  AGENT_EVENTS,
  AGENT_NAMESPACE,
  AGENT_PROTOCOL_VERSION,
  type AgentToServerEvents,
  agentAckSchema,
  busySchema,
  type Command,
  type CommandAck,
  commandAckSchema,
  commandSchema,
  DEVICE_CHECK_TYPES,
  type DeviceCheckType,
  type DisconnectReason,
  disconnectReasonSchema,
  heartbeatSchema,
  helloAckSchema,
  helloSchema,
  REALTIME_PATH,
  type ServerToAgentEvents,
  type Telemetry,
} from '@gerbang/contract';
import { io, type Socket } from 'socket.io-client';
import { buildHealthCheckResult } from './health-check-answer';
import type { Logger } from './logger';
import { jitter, type Random } from './prng';
import { afterConnectError, afterDisconnect, nextBackoff, RETRY_MAX_MS, RETRY_MIN_MS } from './reconnect-policy';
import type { DeviceCredential } from './register-devices';
import { initialTelemetry, nextTelemetry } from './telemetry';

export const SIMULATOR_VERSION = '0.1.0';

export type DeviceBehaviour = {
  /** Mean time to answer a command (±25% jitter). */
  latencyMs: number;
  /** Share of checks answered ok: false, 0–1. */
  failureRate: number;
  /** Chance per heartbeat that an idle phone goes busy for a while, 0–1. */
  busyRate: number;
  /** Overrides the interval the server gives in the hello ack. */
  heartbeatMs?: number;
};

/**
 * idle: not started · connecting: waiting for socket.io · greeting: connected, hello sent ·
 * online: hello accepted · waiting: refused or dropped, retrying later · retired: the server
 * said not to come back (replaced, token rotated, unsupported protocol) · stopped: by us.
 */
export type DeviceState = 'idle' | 'connecting' | 'greeting' | 'online' | 'waiting' | 'retired' | 'stopped';

export type DeviceStats = {
  connects: number;
  heartbeats: number;
  commandsReceived: number;
  checksAnswered: number;
  checksFailed: number;
  /** Results not sent because the connection ended before they were due. */
  resultsDropped: number;
  /** Acks that were refusals or never came. */
  ackProblems: number;
  busyChanges: number;
};

export type SimulatedDeviceOptions = {
  server: string;
  credential: DeviceCredential;
  behaviour: DeviceBehaviour;
  random: Random;
  logger: Logger;
  /** Asked for a fresh token when the server refuses this one; null keeps the old one. */
  renewToken?: () => Promise<string | null>;
  ackTimeoutMs?: number;
};

type AgentSocket = Socket<ServerToAgentEvents, AgentToServerEvents>;

/** One simulated phone: a socket.io connection to the agent namespace and the protocol's state machine. */
export class SimulatedDevice {
  readonly name: string;
  state: DeviceState = 'idle';
  deviceId: string;
  isBusy = false;
  telemetry: Telemetry;
  lastDisconnectReason: DisconnectReason | null = null;
  readonly stats: DeviceStats = {
    connects: 0,
    heartbeats: 0,
    commandsReceived: 0,
    checksAnswered: 0,
    checksFailed: 0,
    resultsDropped: 0,
    ackProblems: 0,
    busyChanges: 0,
  };
  readonly appVersions = { agent: `${SIMULATOR_VERSION}-simulator` };
  readonly capabilities: DeviceCheckType[] = [...DEVICE_CHECK_TYPES];

  private socket: AgentSocket | null = null;
  private token: string;
  private session = 0;
  private sessionTimers = new Set<NodeJS.Timeout>();
  private pendingResults = new Set<NodeJS.Timeout>();
  /** Not tied to a session: a phone's own work goes on (and ends) whether or not it is connected. */
  private busyTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelayMs = RETRY_MIN_MS;
  private telemetryAt = Date.now();
  private lastRenewalAt = 0;
  private readonly ackTimeoutMs: number;

  constructor(private readonly options: SimulatedDeviceOptions) {
    this.name = options.credential.name;
    this.deviceId = options.credential.id;
    this.token = options.credential.token;
    this.telemetry = initialTelemetry(options.random);
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  }

  get isOnline(): boolean {
    return this.state === 'online';
  }

  start(): void {
    if (this.socket) return;
    this.state = 'connecting';
    const socket: AgentSocket = io(`${this.options.server}${AGENT_NAMESPACE}`, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: this.token },
      // One connection per phone: without this every device would share one multiplexed socket.
      forceNew: true,
      reconnectionDelay: RETRY_MIN_MS,
      reconnectionDelayMax: RETRY_MAX_MS,
      randomizationFactor: 0.5,
      timeout: 10_000,
    });
    this.socket = socket;
    socket.on('connect', () => void this.greet());
    socket.on('disconnect', (reason) => this.onDisconnect(reason));
    socket.on('connect_error', (error) => void this.onConnectError(error));
    socket.on(AGENT_EVENTS.command, (command, ack) => this.onCommand(command, ack));
    socket.on(AGENT_EVENTS.disconnectReason, (payload) => {
      const parsed = disconnectReasonSchema.safeParse(payload);
      this.lastDisconnectReason = parsed.success ? parsed.data : null;
      this.options.logger.warn(
        `${this.name}: server is disconnecting: ${parsed.success ? `${parsed.data.reason} (${parsed.data.message})` : 'invalid reason payload'}`,
      );
    });
  }

  /** Ends the connection for good. Resolves once the socket is closed. */
  async stop(): Promise<void> {
    this.state = 'stopped';
    this.endSession();
    this.clearRetry();
    if (this.busyTimer) clearTimeout(this.busyTimer);
    const socket = this.socket;
    if (!socket) return;
    const engine = socket.io.engine;
    const closed = new Promise<void>((resolve) => {
      if (!engine || engine.readyState === 'closed') return resolve();
      const timer = setTimeout(resolve, 1_000);
      engine.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    socket.disconnect();
    await closed;
  }

  /** Chaos: the network drops under the phone; socket.io reconnects by itself. */
  dropTransport(): void {
    if (this.state === 'online' || this.state === 'greeting') this.socket?.io.engine?.close();
  }

  /** Chaos: the phone goes away cleanly and comes back after `offlineMs`. */
  goOffline(offlineMs: number): void {
    if (!this.socket || this.state === 'stopped' || this.state === 'retired') return;
    this.state = 'waiting';
    this.endSession();
    this.socket.disconnect();
    this.scheduleRetry(offlineMs);
  }

  /** Work outside Gerbang's commands begins or ends. */
  async setBusy(isBusy: boolean): Promise<void> {
    if (this.isBusy === isBusy) return;
    this.isBusy = isBusy;
    this.stats.busyChanges += 1;
    if (this.state === 'online') await this.send(AGENT_EVENTS.busy, busySchema.parse({ isBusy }));
  }

  private async greet(): Promise<void> {
    this.stats.connects += 1;
    this.state = 'greeting';
    this.lastDisconnectReason = null;
    const session = ++this.session;
    this.advanceTelemetry();
    const hello = helloSchema.parse({
      protocolVersion: AGENT_PROTOCOL_VERSION,
      appVersions: this.appVersions,
      capabilities: this.capabilities,
      telemetry: this.telemetry,
      isBusy: this.isBusy,
    });
    let answer: unknown;
    try {
      answer = await this.socket?.timeout(this.ackTimeoutMs).emitWithAck(AGENT_EVENTS.hello, hello);
    } catch {
      if (session !== this.session || this.state !== 'greeting') return;
      this.stats.ackProblems += 1;
      this.options.logger.warn(`${this.name}: no answer to hello; reconnecting`);
      this.state = 'waiting';
      this.socket?.disconnect();
      this.scheduleRetry();
      return;
    }
    if (session !== this.session || this.state !== 'greeting') return;
    const ack = helloAckSchema.safeParse(answer);
    if (!ack.success || !ack.data.ok) {
      this.stats.ackProblems += 1;
      const why = ack.success && !ack.data.ok ? `${ack.data.error.code}: ${ack.data.error.message}` : 'malformed ack';
      this.options.logger.warn(`${this.name}: hello refused (${why})`);
      return; // The server disconnects a refused agent and says why.
    }
    this.state = 'online';
    this.deviceId = ack.data.deviceId;
    this.retryDelayMs = RETRY_MIN_MS;
    const intervalMs = this.options.behaviour.heartbeatMs ?? ack.data.heartbeatIntervalMs;
    // The first beat comes at a random point of the interval so a fleet does not beat in step.
    this.later(() => this.beat(intervalMs), Math.round(this.options.random() * intervalMs));
  }

  private beat(intervalMs: number): void {
    this.advanceTelemetry();
    void this.send(AGENT_EVENTS.heartbeat, heartbeatSchema.parse({ telemetry: this.telemetry })).then((ok) => {
      if (ok) this.stats.heartbeats += 1;
    });
    if (!this.isBusy && this.options.random() < this.options.behaviour.busyRate) {
      void this.setBusy(true);
      this.busyTimer = setTimeout(
        () => {
          this.busyTimer = null;
          void this.setBusy(false);
        },
        jitter(this.options.random, 20_000, 0.75),
      );
    }
    this.later(() => this.beat(intervalMs), intervalMs);
  }

  private advanceTelemetry(): void {
    const now = Date.now();
    this.telemetry = nextTelemetry(this.telemetry, this.options.random, now - this.telemetryAt);
    this.telemetryAt = now;
  }

  private onCommand(raw: unknown, ack: (answer: CommandAck) => void): void {
    this.stats.commandsReceived += 1;
    const parsed = commandSchema.safeParse(raw);
    if (typeof ack !== 'function') return;
    if (!parsed.success) {
      const type = (raw as { type?: unknown } | null)?.type;
      const reason =
        typeof type === 'string' && type !== 'health-check' ? `unknown command type: ${type}` : 'invalid command';
      this.options.logger.warn(`${this.name}: refused a command (${reason})`);
      ack(commandAckSchema.parse({ accepted: false, reason }));
      return;
    }
    if (parsed.data.type !== 'health-check') {
      const reason = `unknown command type: ${parsed.data.type}`;
      ack(commandAckSchema.parse({ accepted: false, reason }));
      return;
    }
    ack(commandAckSchema.parse({ accepted: true }));
    this.answerLater(parsed.data);
  }

  private answerLater(command: Extract<Command, { type: 'health-check' }>): void {
    const { behaviour, random } = this.options;
    const latencyMs = jitter(random, behaviour.latencyMs);
    const ok = random() >= behaviour.failureRate;
    const session = this.session;
    const timer = setTimeout(() => {
      this.pendingResults.delete(timer);
      if (session !== this.session || this.state !== 'online') {
        this.stats.resultsDropped += 1;
        return;
      }
      const result = buildHealthCheckResult({
        commandId: command.id,
        checkType: command.payload.checkType,
        ok,
        latencyMs,
        telemetry: this.telemetry,
        appVersions: this.appVersions,
      });
      void this.send(AGENT_EVENTS.commandResult, result).then(() => {
        this.stats.checksAnswered += 1;
        if (!ok) this.stats.checksFailed += 1;
      });
    }, latencyMs);
    this.pendingResults.add(timer);
  }

  /** Emits with an ack and checks it; nothing is sent (or queued) while not online. */
  private async send<E extends 'agent:heartbeat' | 'agent:busy' | 'command:result'>(
    event: E,
    payload: Parameters<AgentToServerEvents[E]>[0],
  ): Promise<boolean> {
    const socket = this.socket;
    if (!socket?.connected || this.state !== 'online') return false;
    // socket.io's typings cannot pick the overload for a generic event name; the payload is typed above.
    const emitter = socket.timeout(this.ackTimeoutMs) as unknown as {
      emitWithAck(event: string, payload: unknown): Promise<unknown>;
    };
    try {
      const ack = agentAckSchema.safeParse(await emitter.emitWithAck(event, payload));
      if (ack.success && ack.data.ok) return true;
      this.stats.ackProblems += 1;
      const why = ack.success && !ack.data.ok ? `${ack.data.error.code}: ${ack.data.error.message}` : 'malformed ack';
      this.options.logger.warn(`${this.name}: ${event} refused (${why})`);
      return false;
    } catch {
      if (this.state === 'online') this.stats.ackProblems += 1;
      return false;
    }
  }

  private onDisconnect(reason: Socket.DisconnectReason): void {
    this.endSession();
    if (this.state === 'stopped' || this.state === 'waiting') return;
    const next = afterDisconnect(reason, this.lastDisconnectReason?.reason);
    if (next.action === 'auto') {
      this.state = 'connecting';
    } else if (next.action === 'retire') {
      this.state = 'retired';
      this.options.logger.warn(`${this.name}: not reconnecting (${next.reason})`);
    } else {
      this.state = 'waiting';
      this.scheduleRetry(next.delayMs);
    }
  }

  private async onConnectError(error: Error): Promise<void> {
    if (this.state === 'stopped' || this.state === 'retired') return;
    // While socket.io is retrying by itself (network trouble) there is nothing to decide.
    if (this.socket?.active) return;
    this.state = 'waiting';
    const next = afterConnectError(error.message);
    if (next.tryNewToken && (await this.renewToken())) {
      this.scheduleRetry(RETRY_MIN_MS);
      return;
    }
    const when = next.delayMs ? `; retrying in ${next.delayMs / 1000}s` : '';
    this.options.logger.warn(`${this.name}: ${next.note}${when}`);
    this.scheduleRetry(next.delayMs);
  }

  private async renewToken(): Promise<boolean> {
    const renew = this.options.renewToken;
    if (!renew || Date.now() - this.lastRenewalAt < 60 * 60_000) return false;
    this.lastRenewalAt = Date.now();
    try {
      const token = await renew();
      if (!token || !this.socket) return false;
      this.token = token;
      this.socket.auth = { token };
      this.options.logger.info(`${this.name}: got a new token`);
      return true;
    } catch (error) {
      this.options.logger.warn(`${this.name}: could not renew the token (${(error as Error).message})`);
      return false;
    }
  }

  private scheduleRetry(delayMs?: number): void {
    this.clearRetry();
    const wait = delayMs ?? jitter(this.options.random, this.retryDelayMs, 0.5);
    if (delayMs === undefined) this.retryDelayMs = nextBackoff(this.retryDelayMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.state !== 'waiting' || !this.socket) return;
      this.state = 'connecting';
      this.socket.connect();
    }, wait);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private later(fn: () => void, delayMs: number): void {
    const timer = setTimeout(() => {
      this.sessionTimers.delete(timer);
      fn();
    }, delayMs);
    this.sessionTimers.add(timer);
  }

  /**
   * Heartbeats and pending results belong to one connection: a result is for the connection that
   * got the command (the server has already recorded that check as failed when it ended).
   */
  private endSession(): void {
    this.session += 1;
    for (const timer of this.sessionTimers) clearTimeout(timer);
    this.sessionTimers.clear();
    for (const timer of this.pendingResults) clearTimeout(timer);
    this.stats.resultsDropped += this.pendingResults.size;
    this.pendingResults.clear();
  }
}
