import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-token';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const claims = { sub: '00000000-0000-4000-8000-000000000001', sid: 'session-1', rid: 1 as const, mid: null };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a token again and again until it expires, then refuses it although it was accepted before', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const tokens = createAccessTokens(SECRET, 60);
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toMatchObject(claims);
    expect(tokens.verify(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2026-11-24T10:01:01Z'));
    expect(tokens.verify(token)).toBeNull();
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret, a tampered one and a refresh-shaped one', () => {
    const tokens = createAccessTokens(SECRET, 60);
    const other = createAccessTokens('another-secret-of-at-least-32-characters', 60).sign(claims);
    expect(tokens.verify(other)).toBeNull();
    const [header, , signature] = tokens.sign(claims).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, rid: 1, sub: 'someone-else', typ: 'access' })).toString(
      'base64url',
    );
    expect(tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(tokens.verify('not-a-token')).toBeNull();
  });

  it('still verifies the first of more tokens than it keeps', () => {
    const tokens = createAccessTokens(SECRET, 60);
    const signed = Array.from({ length: 1_200 }, (_, i) => tokens.sign({ ...claims, sid: `session-${i}` }));
    for (const token of signed) expect(tokens.verify(token)).not.toBeNull();
    expect(tokens.verify(signed[0] as string)).toMatchObject({ sid: 'session-0' });
  });
});
