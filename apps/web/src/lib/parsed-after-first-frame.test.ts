import { getWebhookEndpoint } from '@gerbang/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { delay, stubHttp } from '../test/http-stub';
import { api } from './api-client';
import { firstCommitDone, holdUntilFirstFrame } from './first-frame';
import { parsedAfterFirstFrame } from './parsed-after-first-frame';

let restore: () => void = () => undefined;
afterEach(() => restore());

const endpoint = {
  callbackUrl: 'https://shop.example/hooks',
  failingSince: null,
  disabledAt: null,
  previousSecretExpiresAt: null,
};

describe('the answers of a page drawn with its layout', () => {
  it('are parsed with schemas that download only once the first frame is on screen', async () => {
    const stub = stubHttp(() => ({ status: 200, data: endpoint }));
    restore = stub.restore;
    holdUntilFirstFrame();
    const load = vi.fn(() => import('../features/webhooks/api/webhooks-answers'));
    const answer = parsedAfterFirstFrame(
      api.get(getWebhookEndpoint.path),
      load,
      (schemas) => schemas.webhookEndpointSchema,
    );
    await delay(30);
    expect(load).not.toHaveBeenCalled();
    expect(stub.requests).toHaveLength(0);

    firstCommitDone();
    await expect(answer).resolves.toEqual(endpoint);
    expect(load).toHaveBeenCalledOnce();
  });

  it('are refused when they do not match their schema, as a statically imported one would refuse them', async () => {
    const stub = stubHttp(() => ({ status: 200, data: { ...endpoint, failingSince: 'yesterday' } }));
    restore = stub.restore;
    const answer = parsedAfterFirstFrame(
      api.get(getWebhookEndpoint.path),
      () => import('../features/webhooks/api/webhooks-answers'),
      (schemas) => schemas.webhookEndpointSchema,
    );
    await expect(answer).rejects.toThrow(/failingSince/);
  });
});
