import { EventEmitter } from 'node:events';
import type { PaymentSessionStatus, RoleId, SessionEnded } from '@gerbang/contract';

/**
 * In-process domain events that cross module boundaries (e.g. auth ends a session, realtime drops
 * its sockets). Realtime fan-out across instances goes through the socket.io adapter, so these
 * only need to reach modules of this process.
 */
export type AppEvents = {
  'session.ended': [{ sessionId: string; userId: string; reason: SessionEnded['reason'] }];
  'user.changed': [{ userId: string; roleId: RoleId; status: string }];
  /** A payment session moved (after the transition committed). */
  'payment_session.changed': [
    { sessionId: string; merchantId: string; status: PaymentSessionStatus; from: PaymentSessionStatus | null },
  ];
  /** New incoming transfers were stored for a wallet account: match them. */
  'wallet.incoming_stored': [{ accountId: string }];
  /** New outgoing transfers were stored for a wallet account: they may pay uncertain withdrawals. */
  'wallet.outgoing_stored': [{ accountId: string }];
  /**
   * A phone read an account's history (a transaction_history check ended OK): how many transfers
   * it reported and the oldest one's time, so an absent transfer can be told from an unread one.
   */
  /** A webhook delivery attempt ended: delivered, failed with a retry scheduled, or failed for good. */
  'webhook.attempted': [{ outcome: 'delivered' | 'retry_scheduled' | 'failed' }];
  'wallet.history_read': [{ accountId: string; finishedAt: string; reported: number; oldestAt: string | null }];
};

export type AppEventBus = {
  emit<K extends keyof AppEvents>(event: K, ...args: AppEvents[K]): void;
  on<K extends keyof AppEvents>(event: K, listener: (...args: AppEvents[K]) => void): () => void;
};

export function createAppEventBus(): AppEventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  return {
    emit: (event, ...args) => emitter.emit(event, ...args),
    on: (event, listener) => {
      emitter.on(event, listener as (...a: unknown[]) => void);
      return () => emitter.off(event, listener as (...a: unknown[]) => void);
    },
  };
}
