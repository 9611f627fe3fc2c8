import { activate, PASSWORD_EQUALS_EMAIL_MESSAGE, PASSWORD_MIN_LENGTH } from '@gerbang/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, type StubResponse, stubHttp } from '../../../test/http-stub';
import { renderInAppAt } from '../../../test/render-in-app';
import ActivateRoute from './activate';

let restoreHttp = () => {};

function stubActivate(reply: StubResponse) {
  const stub = stubHttp(({ url }) => (url === activate.path ? reply : { status: 404, data: errorBody('NOT_FOUND') }));
  restoreHttp = stub.restore;
  return stub.requests;
}

function renderActivate(url: string) {
  renderInAppAt(url, { '/auth/activate': <ActivateRoute /> });
}

async function choosePassword(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^New Password/), password);
  await user.type(screen.getByLabelText(/^Confirm New Password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Activate Account' }));
}

describe('Activate Account page', () => {
  afterEach(() => restoreHttp());

  it('sends the token with the new password and then offers sign-in', async () => {
    const requests = stubActivate({ status: 204 });
    renderActivate('/auth/activate?token=one-time-token');

    await choosePassword('a long enough passphrase');

    expect(await screen.findByText(/^Your account is active\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth/signin');
    expect(requests.map((request) => request.data)).toEqual([
      { token: 'one-time-token', password: 'a long enough passphrase' },
    ]);
  });

  it('refuses a password shorter than the rule without asking the server', async () => {
    const requests = stubActivate({ status: 204 });
    renderActivate('/auth/activate?token=one-time-token');

    await choosePassword('short');

    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(
      `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    );
    expect(requests).toEqual([]);
  });

  it('refuses a confirmation that differs', async () => {
    const requests = stubActivate({ status: 204 });
    renderActivate('/auth/activate?token=one-time-token');

    await choosePassword('a long enough passphrase', 'a different passphrase');

    expect(screen.getByLabelText(/^Confirm New Password/)).toHaveAccessibleDescription('The passwords do not match.');
    expect(requests).toEqual([]);
  });

  it('explains, in the interface language, a password the server refuses for being the email', async () => {
    stubActivate({
      status: 422,
      data: {
        error: {
          code: 'VALIDATION_FAILED',
          message: `body.password: ${PASSWORD_EQUALS_EMAIL_MESSAGE}`,
          fields: { 'body.password': PASSWORD_EQUALS_EMAIL_MESSAGE },
        },
        requestId: 'r',
      },
    });
    renderActivate('/auth/activate?token=one-time-token');

    await choosePassword('someone@example.com');

    expect(await screen.findByText('Password must not be the same as your email.')).toBeInTheDocument();
  });

  it('says the link is incomplete when it has no token', () => {
    renderActivate('/auth/activate');

    expect(screen.getByRole('alert')).toHaveTextContent('This activation link is incomplete.');
    expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
  });
});
