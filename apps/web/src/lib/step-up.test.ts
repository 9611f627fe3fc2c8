import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, stubHttp } from '../test/http-stub';
import { api } from './api-client';
import { setTokens } from './auth-tokens';
import { finishStepUp, isStepUpRequested, requestStepUp } from './step-up';

let restore: () => void = () => undefined;
afterEach(() => restore());

/** A server that refuses the money action until a step-up was made. */
function serverAskingForStepUp() {
  let steppedUp = false;
  const stub = stubHttp((request) => {
    if (request.url === '/auth/step-up') {
      steppedUp = true;
      return { status: 200, data: { validUntil: new Date().toISOString() } };
    }
    if (!steppedUp) return { status: 403, data: errorBody('STEP_UP_REQUIRED') };
    return { status: 200, data: { approved: request.url } };
  });
  restore = stub.restore;
  return { stub, stepUp: () => api.post('/auth/step-up', { code: '123456' }) };
}

describe('step-up before a money action', () => {
  it('waits for the code, then sends the refused request again, once for every request waiting', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    const { stub, stepUp } = serverAskingForStepUp();
    const approvals = Promise.all([api.post('/withdrawals/1/approve', {}), api.post('/withdrawals/2/approve', {})]);
    await expect.poll(() => stub.requests.length).toBe(2);
    await expect.poll(isStepUpRequested).toBe(true);
    // Both refusals wait for the one prompt.
    const prompt = requestStepUp();
    await stepUp();
    finishStepUp(true);
    await prompt;
    const answers = await approvals;
    expect(answers.map((a) => a.data.approved)).toEqual(['/withdrawals/1/approve', '/withdrawals/2/approve']);
  });

  it('fails with the refusal when the prompt is cancelled', async () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    serverAskingForStepUp();
    const approval = api.post('/withdrawals/1/approve', {});
    await expect.poll(isStepUpRequested).toBe(true);
    finishStepUp(false);
    await expect(approval).rejects.toMatchObject({ response: { status: 403 } });
  });
});
