import { describe, expect, it } from 'vitest';
import { MERCHANT_DEFAULT_PAGE_HEADER_VARIANT, pageHeaderVariantFor } from './page-header-variants';

describe('page header', () => {
  it.each([
    ['/livin', 'livin'],
    ['/maya', 'maya'],
    ['/merchant', 'merchant'],
    ['/user', 'user'],
    ['/user/0b3f2c9e', 'user'],
    ['/proxy', 'proxy'],
    ['/change-password', 'changePassword'],
    ['/account/security', 'accountSecurity'],
    ['/security', 'securityPolicy'],
    ['/alerts', 'alerts'],
    ['/team', 'team'],
    ['/transaction', 'transactionManagement'],
    ['/transaction-session', 'transactionManagement'],
    ['/dana', 'dana'],
    ['/withdrawal-requests', 'withdrawalRequests'],
    ['/api-tokens', 'apiTokens'],
    ['/payout-methods', 'payoutMethods'],
    ['/audit', 'auditLog'],
    ['/permissions', 'permissions'],
    ['/', 'device'],
    ['/anything-else', 'device'],
  ])('picks its title for %s from a word in the path', (path, key) => {
    // A provider's page: its own texts first (then those that interpolate its name).
    expect([pageHeaderVariantFor(path).key].flat()[0]).toBe(key);
  });

  it('shows Dashboard for the merchant console home', () => {
    expect(pageHeaderVariantFor('/', MERCHANT_DEFAULT_PAGE_HEADER_VARIANT).key).toBe('dashboard');
    expect(pageHeaderVariantFor('/api-tokens', MERCHANT_DEFAULT_PAGE_HEADER_VARIANT).key).toBe('apiTokens');
  });
});
