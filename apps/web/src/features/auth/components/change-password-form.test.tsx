import { changePassword } from '@gerbang/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, type StubResponse, stubHttp } from '../../../test/http-stub';
import { renderInAppAt } from '../../../test/render-in-app';
import { ChangePasswordForm } from './change-password-form';

let restoreHttp = () => {};

function stubChangePassword(reply: StubResponse) {
  const stub = stubHttp(({ url }) =>
    url === changePassword.path ? reply : { status: 404, data: errorBody('NOT_FOUND') },
  );
  restoreHttp = stub.restore;
  return stub.requests;
}

function renderChangePassword() {
  renderInAppAt('/change-password', { '/change-password': <ChangePasswordForm /> });
}

async function changeFrom(current: string, next: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Current Password/), current);
  await user.type(screen.getByLabelText(/^New Password/), next);
  await user.type(screen.getByLabelText(/^Confirm New Password/), next);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('Change password form', () => {
  afterEach(() => restoreHttp());

  it('changes the password, confirms with a toast and clears the form', async () => {
    const requests = stubChangePassword({ status: 204 });
    renderChangePassword();

    await changeFrom('the old passphrase', 'a brand new passphrase');

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(requests.map((request) => request.data)).toEqual([
      { currentPassword: 'the old passphrase', newPassword: 'a brand new passphrase' },
    ]);
    expect(screen.getByLabelText(/^Current Password/)).toHaveValue('');
  });

  it('shows a wrong current password next to that input', async () => {
    stubChangePassword({ status: 400, data: errorBody('WRONG_PASSWORD', 'Current password is wrong') });
    renderChangePassword();

    await changeFrom('not my passphrase', 'a brand new passphrase');

    await waitFor(() =>
      expect(screen.getByLabelText(/^Current Password/)).toHaveAccessibleDescription(i18n.t('errors:WRONG_PASSWORD')),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
