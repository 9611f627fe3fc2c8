import { ROLE, SERVER_EVENTS, setWalletCredentials, startWalletLogin, submitWalletOtp } from '@gerbang/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';
import { emitServerEvent } from '../devices/device-test-support';
import { aFlow, aWallet, walletApi } from './wallet-test-support';

let restoreHttp: () => void = () => undefined;
afterEach(() => restoreHttp());

const ACCOUNT = aWallet({
  provider: 'maya',
  currency: 'PHP',
  accountNumber: '09171234567',
  label: 'Maya Manila',
  balance: '1250.50',
});
const url = (endpoint: { path: string }) => endpoint.path.replace(':id', ACCOUNT.id);

describe('a wallet account’s page', () => {
  it('shows the spec’s sections in order', async () => {
    const app = renderApp({ path: `/maya/${ACCOUNT.id}`, user: makeUser(ROLE.Admin), handler: walletApi([ACCOUNT]) });
    restoreHttp = app.http.restore;
    await screen.findByRole('heading', { name: 'Basic Information' }, { timeout: 5_000 });
    const sections = [
      'Basic Information',
      'Login Status',
      'Health Check',
      'Transaction Logs',
      'QR Code',
      'Select Proxy',
      'Advanced Settings',
    ];
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
    expect(headings.filter((text) => sections.includes(text))).toEqual(sections);
    expect(screen.getByText('Maya: Get Balance')).toBeInTheDocument();
  });

  it('starts a login, follows its steps live and sends the code typed in the dialog', async () => {
    const user = userEvent.setup();
    let flow = aFlow();
    const app = renderApp({
      path: `/maya/${ACCOUNT.id}`,
      user: makeUser(ROLE.Admin),
      handler: walletApi([ACCOUNT], {
        flow: () => flow,
        extra: {
          [`POST ${url(submitWalletOtp)}`]: () => ({ status: 202, data: flow }),
        },
      }),
    });
    restoreHttp = app.http.restore;
    await screen.findByText('Running', {}, { timeout: 5_000 });

    flow = aFlow({
      status: 'awaiting_otp',
      currentStep: 3,
      steps: aFlow().steps.map((s) => ({ ...s, status: s.step <= 3 ? 'done' : 'pending' })),
    });
    await emitServerEvent(SERVER_EVENTS.mayaLoginStatusUpdate, {
      accountId: ACCOUNT.id,
      provider: 'maya',
      loginStatus: 'logging_in',
      flow,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Enter the verification code' });
    const input = screen.getByLabelText(/Verification code/);
    expect(input).toHaveAttribute('maxlength', '8');
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(app.http.requests.find((r) => r.url === url(submitWalletOtp))?.data).toEqual({ otp: '123456' });
  });

  it('offers to retry a failed login from the step that failed', async () => {
    const user = userEvent.setup();
    const failed = aFlow({
      status: 'failed',
      failedStep: 4,
      reason: 'wrong_otp',
      steps: aFlow().steps.map((s) => ({
        ...s,
        status: s.step < 4 ? 'done' : 'failed',
        reason: s.step === 4 ? 'wrong_otp' : null,
      })),
    });
    const app = renderApp({
      path: `/maya/${ACCOUNT.id}`,
      user: makeUser(ROLE.Admin),
      handler: walletApi([ACCOUNT], {
        flow: () => failed,
        extra: { [`POST ${url(startWalletLogin)}`]: () => ({ status: 202, data: failed }) },
      }),
    });
    restoreHttp = app.http.restore;
    expect(await screen.findAllByText('wrong code', {}, { timeout: 5_000 })).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Retry from Verify OTP' }));
    await waitFor(() =>
      expect(app.http.requests.find((r) => r.method === 'POST' && r.url === url(startWalletLogin))?.data).toEqual({
        fromStep: 4,
      }),
    );
  });

  it('never shows stored credentials and sends only the ones typed', async () => {
    const user = userEvent.setup();
    const app = renderApp({
      path: `/maya/${ACCOUNT.id}`,
      user: makeUser(ROLE.Admin),
      handler: walletApi([ACCOUNT], {
        extra: { [`PUT ${url(setWalletCredentials)}`]: () => ({ status: 200, data: ACCOUNT }) },
      }),
    });
    restoreHttp = app.http.restore;
    const mpin = await screen.findByLabelText('MPIN', {}, { timeout: 5_000 });
    expect(mpin).toHaveValue('');
    expect(mpin).toHaveAttribute('type', 'password');
    await user.type(mpin, '2468');
    await user.click(screen.getByRole('button', { name: 'Save credentials' }));
    await waitFor(() => expect(app.http.requests.find((r) => r.method === 'PUT')?.data).toEqual({ mpin: '2468' }));
  });

  it('hides Delete for an account that moved money, and everything but reading from Staff', async () => {
    const moved = aWallet({ ...ACCOUNT, hasMovedMoney: true });
    const app = renderApp({ path: `/maya/${ACCOUNT.id}`, user: makeUser(ROLE.Admin), handler: walletApi([moved]) });
    restoreHttp = app.http.restore;
    await screen.findByText(/can be disabled but not deleted/, {}, { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument();
    app.unmount();
    restoreHttp();
    const staff = renderApp({ path: `/maya/${ACCOUNT.id}`, user: makeUser(ROLE.Staff), handler: walletApi([ACCOUNT]) });
    restoreHttp = staff.http.restore;
    await screen.findByRole('heading', { name: 'Advanced Settings' }, { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: 'Start login' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('MPIN')).not.toBeInTheDocument();
  });
});
