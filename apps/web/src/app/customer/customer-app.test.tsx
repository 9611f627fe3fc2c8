import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setTokens } from '../../lib/auth-tokens';
import { renderCustomerPage } from '../../test/render-customer-page';

describe('the customer pages', () => {
  it.each([
    ['/request-transaction', 'Request Transaction'],
    ['/merchant/embed', 'Merchant Embed'],
    ['/deposit', 'Deposit'],
    ['/withdraw', 'Withdraw'],
  ])('show %s with its title, also to someone signed in to the console', async (path, title) => {
    setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
    await renderCustomerPage(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(title);
    expect(window.location.pathname).toBe(path);
  });
});
