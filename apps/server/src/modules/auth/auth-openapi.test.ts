import {
  activate,
  changePassword,
  currentUser,
  forgotPassword,
  logout,
  refreshToken,
  resetPassword,
  signin,
} from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

type Operation = {
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown[];
};

describe('the OpenAPI document at /docs', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp();
    paths = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json().paths;
  });
  afterAll(() => t.close());

  const operation = (endpoint: { method: string; path: string }) =>
    paths[endpoint.path]?.[endpoint.method.toLowerCase()];

  it.each([
    [signin, ['200', '401', '403', '422', '429']],
    [refreshToken, ['200', '401']],
    [currentUser, ['200', '401']],
    [logout, ['204', '401']],
    [activate, ['204', '400', '422']],
    [forgotPassword, ['202', '422']],
    [resetPassword, ['204', '400', '422']],
    [changePassword, ['204', '400', '401', '422']],
  ])('documents %o with its success and error responses', (endpoint, statuses) => {
    const op = operation(endpoint);
    expect(op, `${endpoint.method} ${endpoint.path}`).toBeDefined();
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(statuses));
  });

  it('documents request bodies and which routes need a bearer token', () => {
    for (const endpoint of [signin, activate, forgotPassword, resetPassword, changePassword]) {
      expect(operation(endpoint)?.requestBody).toBeDefined();
    }
    for (const endpoint of [currentUser, logout, changePassword]) {
      expect(operation(endpoint)?.security).toEqual([{ bearer: [] }]);
    }
  });
});
