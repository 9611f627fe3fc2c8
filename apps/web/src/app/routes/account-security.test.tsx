import {
  ACCESS_TOKEN_STORAGE_KEY,
  currentUser,
  type OwnSecondFactors,
  ownSecondFactors,
  passkeyRegistrationOptions,
  REFRESH_TOKEN_STORAGE_KEY,
  registerPasskey,
} from '@gerbang/contract';
import { startRegistration } from '@simplewebauthn/browser';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, stubHttp } from '../../test/http-stub';
import { renderInAppAt } from '../../test/render-in-app';
import { makeUser } from '../../test/user-fixture';
import AccountSecurityRoute from './account-security';

// The browser's passkey prompt (WebAuthn): what it answers is the test's to say.
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));

const OPTIONS = {
  rp: { name: 'Gerbang', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'ada@gerbang.local', displayName: 'Ada Lovelace' },
  challenge: 'webauthn-challenge',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};
const CREDENTIAL = {
  id: 'cred',
  rawId: 'cred',
  response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
  clientExtensionResults: {},
  type: 'public-key' as const,
};
const PASSKEY = {
  id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  name: 'Work laptop',
  createdAt: '2025-03-01T08:00:00.000Z',
  lastUsedAt: null,
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);

let restoreHttp = () => {};

/** The server as the page sees it: no factor until the passkey is registered. */
function stubServer() {
  let factors: OwnSecondFactors = { totp: false, passkeys: [], recoveryCodesLeft: 0 };
  const stub = stubHttp(({ method, url }) => {
    const enrolled = factors.passkeys.length > 0;
    if (url === currentUser.path) return { status: 200, data: makeUser(undefined, { secondFactorEnrolled: enrolled }) };
    if (method === 'GET' && url === ownSecondFactors.path) return { status: 200, data: factors };
    if (url === passkeyRegistrationOptions.path) return { status: 200, data: OPTIONS };
    if (url === registerPasskey.path) {
      factors = { totp: false, passkeys: [PASSKEY], recoveryCodesLeft: 10 };
      return { status: 200, data: { passkey: PASSKEY, recoveryCodes: CODES } };
    }
    return { status: 404, data: errorBody('NOT_FOUND') };
  });
  restoreHttp = stub.restore;
  return stub.requests;
}

async function addPasskeyNamed(name: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /^Passkey name/ }), name);
  await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
}

describe('Account Security: passkeys', () => {
  beforeEach(() => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access');
    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh');
  });
  afterEach(() => restoreHttp());

  it('adds a passkey by name: the first one shows the recovery codes, then the list names it, never used', async () => {
    vi.mocked(startRegistration).mockResolvedValueOnce(CREDENTIAL);
    const requests = stubServer();
    renderInAppAt('/account/security', { '/account/security': <AccountSecurityRoute /> });
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();

    await addPasskeyNamed('Work laptop');

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(vi.mocked(startRegistration)).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(requests.filter((r) => r.url === registerPasskey.path).map((r) => r.data)).toEqual([
      { name: 'Work laptop', response: CREDENTIAL },
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'I have saved them' }));

    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Work laptop')).toBeInTheDocument();
    expect(within(list).getByText(/not used yet/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Remove passkey Work laptop' })).toBeInTheDocument();
    expect(screen.getByText('Two-factor sign-in is on for your account.')).toBeInTheDocument();
  });

  it('says so when this device already holds one of the passkeys, and registers nothing', async () => {
    vi.mocked(startRegistration).mockRejectedValueOnce(new DOMException('exists', 'InvalidStateError'));
    const requests = stubServer();
    renderInAppAt('/account/security', { '/account/security': <AccountSecurityRoute /> });

    await addPasskeyNamed('Phone');

    expect(await screen.findByRole('alert')).toHaveTextContent('This device already holds one of your passkeys.');
    expect(requests.some((r) => r.url === registerPasskey.path)).toBe(false);
  });
});
