import {
  cancelWithdraw,
  confirmWithdraw,
  type Endpoint,
  type GiveWithdrawDestinationBody,
  getWithdraw,
  giveWithdrawDestination,
  verifyWithdraw,
  type WithdrawView,
} from '@gerbang/contract';
import { endpointPath } from '../../../lib/endpoint-path';
import { callPublicApi } from '../../../lib/public-api';

export const fetchWithdraw = (id: string) => callPublicApi<WithdrawView>(endpointPath(getWithdraw, id));
const post = (endpoint: Endpoint, id: string) =>
  callPublicApi<WithdrawView>(endpointPath(endpoint, id), { method: 'POST' });
export const verifyAgain = (id: string) => post(verifyWithdraw, id);
export const confirmWithdrawal = (id: string) => post(confirmWithdraw, id);
export const cancelWithdrawal = (id: string) => post(cancelWithdraw, id);
export const giveDestination = (id: string, body: GiveWithdrawDestinationBody) =>
  callPublicApi<WithdrawView>(endpointPath(giveWithdrawDestination, id), { method: 'POST', body });
