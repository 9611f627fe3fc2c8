import {
  AGENT_EVENTS,
  AGENT_NAMESPACE,
  AGENT_PROTOCOL_VERSION,
  type AgentCapability,
  type AgentError,
  type AgentToServerEvents,
  agentAccountsSchema,
  busySchema,
  type CommandAck,
  type CommandResult,
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
import { emitChecked } from './agent-emit';
import { answerCommand } from './command-answers';
import {
  type DeviceState,
  type DeviceStats,
  noDeviceStats,
  SIMULATED_CAPABILITIES,
  type SimulatedDeviceOptions,
} from './device-types';
import { jitter } from './prng';
import { afterConnectError, afterDisconnect, nextBackoff, RETRY_MAX_MS, RETRY_MIN_MS } from './reconnect-policy';
import { initialTelemetry, nextTelemetry } from './telemetry';
import { TransferReports } from './transfer-reports';
import { FaultBook } from './wallets/faults';
import { PhoneWallets, type TransferInput } from './wallets/phone-wallets';

export const SIMULATOR_VERSION = '0.1.0';

type AgentSocket = Socket<ServerToAgentEvents, AgentToServerEvents>;

/** One simulated phone: a socket.io connection to the agent namespace and the protocol's state machine. */
export class SimulatedDevice {
  readonly name: string;
  state: DeviceState = 'idle';
  deviceId: string;
  isBusy = false;
  telemetry: Telemetry;
  lastDisconnectReason: DisconnectReason | null = null;
  readonly stats: DeviceStats = noDeviceStats();
  readonly appVersions = { agent: `${SIMULATOR_VERSION}-simulator` };
  /** The device checks, the wallet checks, the QR fetch and the wallet login: all this phone can do. */
  readonly capabilities: AgentCapability[] = [...SIMULATED_CAPABILITIES];
  /** The wallet and bank apps on this phone and the accounts signed in to them. */
  readonly wallets: PhoneWallets;

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
  /** The transfers the phone has seen, sent to the server (and acknowledged) in reports. */
  private readonly reports: TransferReports;
  private readonly ackTimeoutMs: number;

  constructor(private readonly options: SimulatedDeviceOptions) {
    this.name = options.credential.name;
    this.deviceId = options.credential.id;
    this.token = options.credential.token;
    this.telemetry = initialTelemetry(options.random);
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
    this.wallets = new PhoneWallets({
      deviceName: this.name,
      deviceId: () => this.deviceId,
      random: options.random,
      logger: options.logger,
      faults: options.faults ?? new FaultBook(),
      destinations: options.destinations ?? new Map(),
      otpTtlSeconds: options.behaviour.otpTtlSeconds,
      accountsSignedIn: options.behaviour.accountsSignedIn,
    });
    this.reports = new TransferReports({
      wallets: this.wallets,
      isOnline: () => this.state === 'online',
      emit: (report) => this.emit(AGENT_EVENTS.walletTransactions, report),
      onReported: (count) => {
        this.stats.transfersReported += count;
      },
    });
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
    socket.on(AGENT_EVENTS.accounts, (payload) => {
      const parsed = agentAccountsSchema.safeParse(payload);
      if (!parsed.success) return this.options.logger.warn(`${this.name}: ignored an invalid accounts list`);
      this.wallets.setAccounts(parsed.data.accounts);
      void this.reports.send();
    });
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
    this.wallets.setAccounts(ack.data.accounts);
    this.retryDelayMs = RETRY_MIN_MS;
    // Transfers seen while away are reported now (the server keeps one row per transfer).
    void this.reports.send();
    const intervalMs = this.options.behaviour.heartbeatMs ?? ack.data.heartbeatIntervalMs;
    // The first beat comes at a random point of the interval so a fleet does not beat in step.
    this.later(() => this.beat(intervalMs), Math.round(this.options.random() * intervalMs));
  }

  private beat(intervalMs: number): void {
    this.advanceTelemetry();
    void this.send(AGENT_EVENTS.heartbeat, heartbeatSchema.parse({ telemetry: this.telemetry })).then((ok) => {
      if (ok) this.stats.heartbeats += 1;
    });
    void this.reports.send();
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
    if (typeof ack !== 'function') return;
    const answer = answerCommand(raw, {
      name: this.name,
      wallets: this.wallets,
      logger: this.options.logger,
      isCheckOk: () => this.options.random() >= this.options.behaviour.failureRate,
      telemetry: () => this.telemetry,
      appVersions: this.appVersions,
    });
    ack(answer.ack);
    const { result, counts } = answer;
    if (!result) return; // refused, or a phone that hangs: the server's deadline ends it
    this.resultLater(result, () => {
      if (counts === 'wallet') this.stats.walletCommandsAnswered += 1;
      else this.stats.checksAnswered += 1;
      if (counts === 'failed_check') this.stats.checksFailed += 1;
    });
  }

  /** A transfer reaches one of this phone's accounts; reported to the server at once when it can be. */
  deliverTransfer(accountId: string, input: TransferInput) {
    const transaction = this.wallets.deliverTransfer(accountId, input);
    void this.reports.send();
    return transaction;
  }

  /**
   * Sends a result after the phone's latency, on the connection that got the command; when that
   * connection has ended by then, the result is dropped (the server already failed the run).
   */
  private resultLater(build: CommandResult | ((latencyMs: number) => CommandResult), onSent: () => void): void {
    const latencyMs = jitter(this.options.random, this.options.behaviour.latencyMs);
    const session = this.session;
    const timer = setTimeout(() => {
      this.pendingResults.delete(timer);
      if (session !== this.session || this.state !== 'online') {
        this.stats.resultsDropped += 1;
        return;
      }
      const result = typeof build === 'function' ? build(latencyMs) : build;
      void this.send(AGENT_EVENTS.commandResult, result).then(onSent);
    }, latencyMs);
    this.pendingResults.add(timer);
  }

  /** Emits with an ack and checks it; nothing is sent (or queued) while not online. */
  private async send<E extends 'agent:heartbeat' | 'agent:busy' | 'command:result'>(
    event: E,
    payload: Parameters<AgentToServerEvents[E]>[0],
  ): Promise<boolean> {
    return (await this.emit(event, payload)) === 'ok';
  }

  /** 'ok', the server's error code, or 'no_ack' (not online, or no answer in time). */
  private emit<E extends keyof AgentToServerEvents>(
    event: E,
    payload: Parameters<AgentToServerEvents[E]>[0],
  ): Promise<'ok' | AgentError['code'] | 'no_ack'> {
    const socket = this.state === 'online' ? this.socket : null;
    return emitChecked(socket, this.ackTimeoutMs, event, payload, (why) => {
      if (this.state !== 'online') return;
      this.stats.ackProblems += 1;
      if (why) this.options.logger.warn(`${this.name}: ${event} refused (${why})`);
    });
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
