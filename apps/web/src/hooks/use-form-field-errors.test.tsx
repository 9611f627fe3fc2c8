import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError, type HttpRequest } from '../lib/http-error';
import { useFormFieldErrors } from './use-form-field-errors';

function httpError(status: number, error: { code: string; message: string; fields?: Record<string, string> }) {
  const request: HttpRequest = {
    method: 'POST',
    url: '/users',
    params: {},
    headers: {},
    data: {},
    responseType: 'json',
  };
  return new HttpError('Request failed', request, { status, data: { error, requestId: 'r1' }, headers: {} });
}

const FIELDS = ['email', 'name'] as const;

describe('form field errors', () => {
  it('puts each named field next to its input and shows no banner when the inputs explain everything', () => {
    const { result } = renderHook(() => useFormFieldErrors(FIELDS));
    const split = result.current(
      httpError(422, {
        code: 'VALIDATION_FAILED',
        message: 'Invalid input',
        fields: { 'body.email': 'Enter a valid email address' },
      }),
    );
    expect(split).toEqual({ fieldErrors: { email: 'Enter a valid email address' }, formError: undefined });
  });

  it('adds a banner when the server names a field the form does not show', () => {
    const { result } = renderHook(() => useFormFieldErrors(FIELDS));
    const split = result.current(
      httpError(422, {
        code: 'VALIDATION_FAILED',
        message: 'Invalid input: body.roleId',
        fields: { 'body.name': 'This field is required', 'body.roleId': 'Not allowed' },
      }),
    );
    expect(split.fieldErrors).toEqual({ name: 'This field is required' });
    expect(split.formError).toEqual(expect.any(String));
  });

  it('shows a conflict under the field it names, or under the conflict field when it names none', () => {
    const { result } = renderHook(() => useFormFieldErrors(FIELDS, { conflictField: 'email' }));
    const named = result.current(
      httpError(409, { code: 'CONFLICT', message: 'Email taken', fields: { 'body.email': 'Email taken' } }),
    );
    const unnamed = result.current(httpError(409, { code: 'CONFLICT', message: 'Email taken' }));
    expect(named.fieldErrors.email).toBe('This value is already in use.');
    expect(named.formError).toBeUndefined();
    expect(unnamed).toEqual({ fieldErrors: { email: named.fieldErrors.email } });
  });

  it('shows only a banner for an error without fields', () => {
    const { result } = renderHook(() => useFormFieldErrors(FIELDS));
    const split = result.current(httpError(500, { code: 'INTERNAL', message: 'Something went wrong' }));
    expect(split.fieldErrors).toEqual({});
    expect(split.formError).toEqual(expect.any(String));
  });
});
