import {
  ACCESS_TOKEN_STORAGE_KEY,
  type CurrentUser,
  currentUser,
  signin,
  signinPasskeyOptions,
  signinSecondFactor,
  signinWithPasskey,
} from '@gerbang/contract';
import { startAuthentication } from '@simplewebauthn/browser';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, type StubResponse, stubHttp } from '../../../test/http-stub';
import { renderInAppAt } from '../../../test/render-in-app';
import SigninRoute from './signin';

// The browser's passkey prompt (WebAuthn): what it answers is the test's to say.
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));

const USER: CurrentUser = {
  id: '0b5c1c52-8f3e-4a59-9d5e-3f0d8a7f6e21',
  email: 'admin@gerbang.local',
  name: 'Admin',
  roleId: 1,
  merchantId: null,
  merchantRole: null,
  merchantName: null,
  status: 'active',
  isLoggedIn: true,
  lastLoginAt: null,
  secondFactorEnrolled: false,
  secondFactorRequired: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

let restoreHttp = () => {};

/** Sign-in answers with `reply`; the session's current-user check (spec §4) answers with USER. */
function stubSignin(reply: StubResponse, codeReply?: (data: unknown) => StubResponse) {
  const stub = stubHttp(({ url, data }) => {
    if (url === currentUser.path) return { status: 200, data: USER };
    if (url === signin.path) return reply;
    if ((url === signinSecondFactor.path || url === signinWithPasskey.path) && codeReply) return codeReply(data);
    if (url === signinPasskeyOptions.path) return { status: 200, data: { challenge: 'webauthn-challenge' } };
    return { status: 404, data: errorBody('NOT_FOUND') };
  });
  restoreHttp = stub.restore;
  return stub.requests;
}

function Landing() {
  const location = useLocation();
  return <p>Landed on {`${location.pathname}${location.search}`}</p>;
}

function renderSignin(url: string) {
  renderInAppAt(url, { '/auth/signin': <SigninRoute />, '*': <Landing /> });
}

async function signInAs(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('Sign In page', () => {
  afterEach(() => restoreHttp());

  it('signs in and opens the page named by the redirect parameter', async () => {
    const requests = stubSignin({ status: 200, data: { accessToken: 'access', refreshToken: 'refresh', user: USER } });
    renderSignin(`/auth/signin?redirect=${encodeURIComponent('/user?q=budi')}`);

    await signInAs('admin@gerbang.local', 'correct horse battery');

    expect(await screen.findByText('Landed on /user?q=budi')).toBeInTheDocument();
    const signins = requests.filter((request) => request.url === signin.path);
    expect(signins.map((request) => request.data)).toEqual([
      { email: 'admin@gerbang.local', password: 'correct horse battery' },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access');
  });

  it('opens / when there is no redirect parameter', async () => {
    stubSignin({ status: 200, data: { accessToken: 'access', refreshToken: 'refresh', user: USER } });
    renderSignin('/auth/signin');

    await signInAs('admin@gerbang.local', 'correct horse battery');

    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
  });

  it('does not follow a redirect parameter to another site', async () => {
    stubSignin({ status: 200, data: { accessToken: 'access', refreshToken: 'refresh', user: USER } });
    renderSignin(`/auth/signin?redirect=${encodeURIComponent('//evil.example/phish')}`);

    await signInAs('admin@gerbang.local', 'correct horse battery');

    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
  });

  it('shows the one generic message on wrong credentials and stays on the page', async () => {
    stubSignin({ status: 401, data: errorBody('INVALID_CREDENTIALS', 'Invalid email or password') });
    renderSignin('/auth/signin?redirect=%2Fuser');

    await signInAs('admin@gerbang.local', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors:INVALID_CREDENTIALS'));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('tells a rate-limited user how long to wait', async () => {
    restoreHttp = stubHttp(() => ({
      status: 429,
      data: errorBody('RATE_LIMITED', 'Too many attempts'),
      headers: { 'retry-after': '120' },
    })).restore;
    renderSignin('/auth/signin');

    await signInAs('admin@gerbang.local', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 2 min.');
  });

  describe('with a second factor', () => {
    const challenge = {
      status: 200,
      data: {
        secondFactorRequired: true,
        challengeToken: 'chal',
        expiresInSeconds: 300,
        methods: ['totp', 'recovery_code'],
      },
    };
    const signedIn = { status: 200, data: { accessToken: 'access', refreshToken: 'refresh', user: USER } };

    async function typeCode(code: string) {
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(/^Authentication code/), code);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
    }

    it('asks for the code after the password, then signs in with the challenge and the code', async () => {
      const requests = stubSignin(challenge, () => signedIn);
      renderSignin(`/auth/signin?redirect=${encodeURIComponent('/user')}`);
      await signInAs('admin@gerbang.local', 'correct horse battery');

      expect(await screen.findByRole('heading', { level: 1, name: 'Two-Factor Sign-In' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
      await typeCode('123456');

      expect(await screen.findByText('Landed on /user')).toBeInTheDocument();
      expect(requests.filter((r) => r.url === signinSecondFactor.path).map((r) => r.data)).toEqual([
        { challengeToken: 'chal', code: '123456' },
      ]);
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access');
    });

    it('keeps the code step on a wrong code, saying so', async () => {
      stubSignin(challenge, () => ({ status: 400, data: errorBody('INVALID_SECOND_FACTOR') }));
      renderSignin('/auth/signin');
      await signInAs('admin@gerbang.local', 'correct horse battery');
      await typeCode('000000');

      expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors:INVALID_SECOND_FACTOR'));
      expect(screen.getByLabelText(/^Authentication code/)).toBeInTheDocument();
    });

    it('goes back to email and password when the challenge is over', async () => {
      stubSignin(challenge, () => ({ status: 400, data: errorBody('SIGNIN_CHALLENGE_INVALID') }));
      renderSignin('/auth/signin');
      await signInAs('admin@gerbang.local', 'correct horse battery');
      await typeCode('000000');

      expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('errors:SIGNIN_CHALLENGE_INVALID'));
    });

    describe('with a passkey', () => {
      const withPasskey = { ...challenge, data: { ...challenge.data, methods: ['passkey', 'recovery_code'] } };
      const assertion = {
        id: 'cred',
        rawId: 'cred',
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        clientExtensionResults: {},
        type: 'public-key' as const,
      };

      it('offers the passkey and signs in with what it signed', async () => {
        vi.mocked(startAuthentication).mockResolvedValueOnce(assertion);
        const requests = stubSignin(withPasskey, () => signedIn);
        renderSignin('/auth/signin');
        await signInAs('admin@gerbang.local', 'correct horse battery');

        expect(await screen.findByText(/^Use your passkey, or enter a code/)).toBeInTheDocument();
        await userEvent.setup().click(screen.getByRole('button', { name: 'Use a passkey' }));

        expect(await screen.findByText('Landed on /')).toBeInTheDocument();
        expect(vi.mocked(startAuthentication)).toHaveBeenCalledWith({
          optionsJSON: { challenge: 'webauthn-challenge' },
        });
        expect(requests.filter((r) => r.url === signinPasskeyOptions.path).map((r) => r.data)).toEqual([
          { challengeToken: 'chal' },
        ]);
        expect(requests.filter((r) => r.url === signinWithPasskey.path).map((r) => r.data)).toEqual([
          { challengeToken: 'chal', response: assertion },
        ]);
      });

      it('says so when the passkey prompt is closed, and a code still works', async () => {
        vi.mocked(startAuthentication).mockRejectedValueOnce(new DOMException('closed', 'NotAllowedError'));
        stubSignin(withPasskey, () => signedIn);
        renderSignin('/auth/signin');
        await signInAs('admin@gerbang.local', 'correct horse battery');
        await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a passkey' }));

        expect(await screen.findByRole('alert')).toHaveTextContent('The passkey prompt was closed or timed out.');
        await typeCode('abcde-fghij');
        expect(await screen.findByText('Landed on /')).toBeInTheDocument();
      });
    });
  });
});
