import { ROLE } from '@gerbang/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeUser } from '../../../test/user-fixture';

let restore = () => {};
afterEach(() => restore());

describe('merchant Dashboard', () => {
  it("shows the merchant's available and pending balance in its currency", async () => {
    const user = {
      ...makeUser(ROLE.Merchant, { merchantId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', merchantName: 'Toko Sinar' }),
      merchantBalance: { currency: 'IDR' as const, available: '1452500', pending: '0' },
    };
    const app = renderApp({ path: '/', consoleKind: 'merchant', user });
    restore = app.http.restore;
    expect(await screen.findByTestId('balance-available')).toHaveTextContent(/1[.,]452[.,]500/);
    expect(screen.getByTestId('balance-pending')).toHaveTextContent(/Rp|IDR/);
    expect(screen.getByRole('heading', { name: 'Available balance' })).toBeInTheDocument();
  });
});
