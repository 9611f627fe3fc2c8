import {
  type DepositView,
  depositEvents,
  getDeposit,
  markDepositTransferred,
  selectDepositMethod,
  type WalletProvider,
} from '@gerbang/contract';
import { endpointPath } from '../../../lib/endpoint-path';
import { callPublicApi, publicApiUrl } from '../../../lib/public-api';

export const fetchDeposit = (id: string) => callPublicApi<DepositView>(endpointPath(getDeposit, id));
export const chooseDepositMethod = (id: string, method: WalletProvider) =>
  callPublicApi<DepositView>(endpointPath(selectDepositMethod, id), { method: 'POST', body: { method } });
export const confirmDepositTransferred = (id: string) =>
  callPublicApi<DepositView>(endpointPath(markDepositTransferred, id), { method: 'POST' });
export const depositEventsUrl = (id: string) => publicApiUrl(endpointPath(depositEvents, id));
