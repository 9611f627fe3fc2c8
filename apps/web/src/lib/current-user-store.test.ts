import { currentUser, ROLE } from '@gerbang/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type StubResponse, stubHttp } from '../test/http-stub';
import { makeUser } from '../test/user-fixture';
import { clearTokens, setTokens } from './auth-tokens';
import { checkCurrentUser, getCurrentUserState, signedIn } from './current-user-store';

let restore: () => void = () => undefined;
afterEach(() => {
  restore();
  clearTokens();
});

const owner = (pending: string) =>
  makeUser(ROLE.Merchant, {
    merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    merchantName: 'Toko Sinar',
    merchantBalance: { currency: 'IDR', available: '380000', pending },
  });

/** A signed-in merchant whose current-user checks the test answers, one by one, when it likes. */
function signedInWithHeldChecks() {
  const answers: ((response: StubResponse) => void)[] = [];
  const stub = stubHttp((request) =>
    request.url === currentUser.path ? new Promise((resolve) => answers.push(resolve)) : { status: 404 },
  );
  restore = stub.restore;
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  return { answers, checks: () => stub.requests.filter((request) => request.url === currentUser.path).length };
}

describe("the signed-in merchant's balance", () => {
  it('follows a move that happened while the previous check was on the wire', async () => {
    const { answers, checks } = signedInWithHeldChecks();

    // The approval's event: a check goes out, and the server reads the balance before the payout is paid.
    const first = checkCurrentUser({ force: true });
    await waitFor(() => expect(answers).toHaveLength(1));
    // The payout is paid meanwhile: its event asks again, twice (two events), before that answer is back.
    const second = checkCurrentUser({ force: true });
    const third = checkCurrentUser({ force: true });
    answers[0]?.({ status: 200, data: owner('150000') });
    await first;

    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.({ status: 200, data: owner('30000') });
    await Promise.all([second, third]);
    expect(getCurrentUserState().user?.merchantBalance?.pending).toBe('30000');
    expect(checks()).toBe(2);
  });

  it('is not read again for a session that changed hands while its re-check waited', async () => {
    const { answers, checks } = signedInWithHeldChecks();

    const first = checkCurrentUser({ force: true });
    await waitFor(() => expect(answers).toHaveLength(1));
    const queued = checkCurrentUser({ force: true });
    // Another user signs in on this browser (the sign-in page runs its own check).
    const other = makeUser(ROLE.Merchant, { email: 'other@toko.example', merchantRole: 'finance' });
    signedIn(other);
    setTokens({ accessToken: 'other-access', refreshToken: 'other-refresh' });
    const signInCheck = checkCurrentUser({ force: true });
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[0]?.({ status: 200, data: owner('150000') });
    await Promise.all([first, queued]);
    answers[1]?.({ status: 200, data: other });
    await signInCheck;

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checks()).toBe(2);
    expect(getCurrentUserState().user?.email).toBe('other@toko.example');
  });

  it('is read once for checks that only want a fresh user, however many ask at once', async () => {
    const stub = stubHttp((request) =>
      request.url === currentUser.path ? { status: 200, data: owner('120000') } : { status: 404 },
    );
    restore = stub.restore;
    setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });

    await Promise.all([checkCurrentUser(), checkCurrentUser(), checkCurrentUser()]);
    expect(stub.requests.filter((request) => request.url === currentUser.path)).toHaveLength(1);
    expect(getCurrentUserState().user?.merchantBalance?.pending).toBe('120000');
  });
});
