import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { NO_REFRESH_TOKEN_MESSAGE } from './api-client';
import { parseApiError } from './api-error';

function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: {} } as InternalAxiosRequestConfig;
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse;
  return new AxiosError('Request failed', AxiosError.ERR_BAD_RESPONSE, config, null, response);
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
    expect(parseApiError(new AxiosError('timeout of 180000ms exceeded', AxiosError.ECONNABORTED)).code).toBe(
      'SERVICE_UNAVAILABLE',
    );
    expect(parseApiError(new AxiosError('Network Error', AxiosError.ERR_NETWORK)).code).toBe('SERVICE_UNAVAILABLE');
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
