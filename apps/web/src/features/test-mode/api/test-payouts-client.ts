import { simulateWithdrawPayout, type TestPayoutOutcome, type WithdrawView } from '@gerbang/contract';
import { endpointPath } from '../../../lib/endpoint-path';
import { callPublicApi } from '../../../lib/public-api';

/** The test withdraw page's buttons: the test provider ends this test withdrawal's transfer. */
export const simulateTestPayout = (id: string, outcome: TestPayoutOutcome) =>
  callPublicApi<WithdrawView>(endpointPath(simulateWithdrawPayout, id), { method: 'POST', body: { outcome } });
