import * as contract from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import { V1_ENDPOINTS } from '../src/index';
import { serverUnderTest } from './server-under-test';

type OpenApiOperation = { parameters?: { in: string; name: string; required?: boolean }[] };
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const key = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;
/** `/v1/withdrawals/:id` as OpenAPI writes it: `/v1/withdrawals/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the SDK covers the merchant API, no more and no less', () => {
  const server = serverUnderTest();

  it('has one entry for each /v1 endpoint the contract defines', () => {
    const inContract = (Object.values(contract) as unknown[])
      .filter((value): value is contract.Endpoint => {
        const endpoint = value as Partial<contract.Endpoint> | null;
        return typeof endpoint?.path === 'string' && typeof endpoint.method === 'string';
      })
      .filter((endpoint) => endpoint.path.startsWith('/v1/'))
      .map(key)
      .sort();
    expect(Object.values(V1_ENDPOINTS).map(key).sort()).toEqual(inContract);
  });

  it('sends an Idempotency-Key on exactly the routes whose OpenAPI document requires one', async () => {
    const response = await server.state.testApp.app.inject({ method: 'GET', url: '/docs/json' });
    const document = response.json() as OpenApiDocument;
    const served = Object.keys(document.paths).filter((path) => path.startsWith('/v1/'));
    expect(served.sort()).toEqual([...new Set(Object.values(V1_ENDPOINTS).map((e) => openApiPath(e.path)))].sort());
    for (const endpoint of Object.values(V1_ENDPOINTS)) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, key(endpoint)).toBeDefined();
      const header = operation?.parameters?.find(
        (parameter) => parameter.in === 'header' && parameter.name === contract.IDEMPOTENCY_KEY_HEADER,
      );
      expect({ route: key(endpoint), idempotent: header?.required === true }).toEqual({
        route: key(endpoint),
        idempotent: endpoint.idempotent,
      });
    }
  });
});
