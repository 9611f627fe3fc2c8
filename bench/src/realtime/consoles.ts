import { type ClientToServerEvents, REALTIME_PATH, SERVER_EVENTS, type ServerToClientEvents } from '@gerbang/contract';
import { io, type Socket } from 'socket.io-client';
import { epochNow } from './load-protocol';

type ConsoleSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Per device id, the `device-status-update`s one console received, flattened: [receivedAt, isBusy (1/0), ...]. */
export type Receipts = Map<string, number[]>;

export type Consoles = {
  receipts: Receipts[];
  /** Payloads that were not a `{deviceId, isBusy}`. */
  malformed(): number;
  disconnects(): number;
  close(): void;
};

/**
 * Console clients as the web console connects them: socket.io-client on REALTIME_PATH, default
 * namespace, websocket, `auth: { token }` (none for the baseline). They only listen and stamp
 * each `device-status-update` with its arrival time. They run in the orchestrator, which does
 * nothing else while measuring, so its event loop is free to take deliveries as they come.
 */
export async function connectConsoles(url: string, tokens: (string | null)[], timeoutMs = 30_000): Promise<Consoles> {
  const receipts: Receipts[] = tokens.map(() => new Map());
  let malformed = 0;
  let disconnects = 0;
  const sockets: ConsoleSocket[] = tokens.map((token, index) => {
    const socket: ConsoleSocket = io(url, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      forceNew: true,
      // A console that drops mid-run would miss events: count it rather than hide it.
      reconnection: false,
      ...(token ? { auth: { token } } : {}),
    });
    const mine = receipts[index] as Receipts;
    socket.on(SERVER_EVENTS.deviceStatusUpdate, (payload) => {
      const at = epochNow();
      if (typeof payload?.deviceId !== 'string' || typeof payload.isBusy !== 'boolean') {
        malformed += 1;
        return;
      }
      let list = mine.get(payload.deviceId);
      if (!list) {
        list = [];
        mine.set(payload.deviceId, list);
      }
      list.push(at, payload.isBusy ? 1 : 0);
    });
    socket.on('disconnect', () => {
      disconnects += 1;
    });
    return socket;
  });
  const close = () => {
    for (const socket of sockets) socket.close();
  };

  try {
    await Promise.all(
      sockets.map(
        (socket, index) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`console ${index + 1} not connected in ${timeoutMs} ms`)),
              timeoutMs,
            );
            socket.once('connect', () => {
              clearTimeout(timer);
              resolve();
            });
            socket.once('connect_error', (error) => {
              clearTimeout(timer);
              reject(new Error(`console ${index + 1}: ${error.message}`));
            });
          }),
      ),
    );
  } catch (error) {
    close();
    throw error;
  }
  return { receipts, malformed: () => malformed, disconnects: () => disconnects, close };
}
