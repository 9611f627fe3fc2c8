import {
  type DepositView,
  depositEvents,
  type ErrorCode,
  getDeposit,
  markDepositTransferred,
  selectDepositMethod,
  type WalletProvider,
} from '@gerbang/contract';
import { env } from '../../../config/env';

/** A failed call of the public deposit API: the server's error code, or NETWORK when none came. */
export class DepositApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    readonly status: number,
  ) {
    super(code);
  }
}

const url = (path: string, id: string) => `${env.backendUrl}${path.replace(':id', encodeURIComponent(id))}`;

/**
 * The customer pages call the public API with fetch: they carry none of the consoles' code (no
 * sign-in, no token refresh), so a customer on a slow phone downloads as little as possible.
 */
async function call(path: string, id: string, init?: RequestInit): Promise<DepositView> {
  let response: Response;
  try {
    response = await fetch(url(path, id), {
      ...init,
      headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    });
  } catch {
    throw new DepositApiError('NETWORK', 0);
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new DepositApiError(body?.error?.code ?? 'INTERNAL', response.status);
  // The server serializes every answer through the contract's depositViewSchema; parsing it again
  // here would put zod (more than the rest of the page together) in every customer's download.
  return body as DepositView;
}

export const fetchDeposit = (id: string) => call(getDeposit.path, id);
export const chooseDepositMethod = (id: string, method: WalletProvider) =>
  call(selectDepositMethod.path, id, { method: 'POST', body: JSON.stringify({ method }) });
export const confirmDepositTransferred = (id: string) => call(markDepositTransferred.path, id, { method: 'POST' });
export const depositEventsUrl = (id: string) => url(depositEvents.path, id);
