import { type DepositView, simulateDepositPayment, type TestPaymentOutcome } from '@gerbang/contract';
import { endpointPath } from '../../../lib/endpoint-path';
import { callPublicApi } from '../../../lib/public-api';

/** The test deposit page's buttons: the test provider pays (or not) this test session. */
export const simulateTestPayment = (id: string, outcome: TestPaymentOutcome) =>
  callPublicApi<DepositView>(endpointPath(simulateDepositPayment, id), { method: 'POST', body: { outcome } });
