import type { Page } from '@playwright/test';

/**
 * A passkey authenticator for Chromium, through the DevTools protocol's WebAuthn domain: a
 * platform authenticator (CTAP2, "internal", like a laptop's fingerprint reader) that holds
 * discoverable credentials, verifies the user, and answers every prompt by itself.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The credentials it holds, with their signature counters. */
    async credentials() {
      return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    },
  };
}
