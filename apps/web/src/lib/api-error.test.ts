import { describe, expect, it } from 'vitest';
import { NO_REFRESH_TOKEN_MESSAGE } from './api-client';
import { parseApiError } from './api-error';
import { HttpError, type HttpRequest } from './http-error';

const REQUEST: HttpRequest = {
  method: 'GET',
  url: '/users',
  params: {},
  headers: {},
  data: undefined,
  responseType: 'json',
};

function httpError(status: number, data: unknown): HttpError {
  return new HttpError('Request failed', REQUEST, { status, data, headers: {} });
}

describe('parseApiError', () => {
  it('reads the one error shape, with its fields', () => {
    const error = httpError(422, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'body.email: Enter a valid email address',
        fields: { 'body.email': 'Enter a valid email address' },
      },
      requestId: 'r1',
    });
    expect(parseApiError(error)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'body.email: Enter a valid email address',
      fields: { 'body.email': 'Enter a valid email address' },
    });
  });

  it('treats no answer (network, timeout) as SERVICE_UNAVAILABLE', () => {
    expect(parseApiError(new HttpError('timeout of 180000ms exceeded', REQUEST)).code).toBe('SERVICE_UNAVAILABLE');
    expect(parseApiError(new HttpError('Network Error', REQUEST)).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('treats an answer of another shape, or any other throw, as INTERNAL', () => {
    expect(parseApiError(httpError(502, '<html>Bad gateway</html>')).code).toBe('INTERNAL');
    expect(parseApiError(new TypeError('x is undefined')).code).toBe('INTERNAL');
    expect(parseApiError('boom').code).toBe('INTERNAL');
  });

  it('reads a missing refresh token as an ended session', () => {
    expect(parseApiError(new Error(NO_REFRESH_TOKEN_MESSAGE)).code).toBe('SESSION_INVALID');
  });
});
