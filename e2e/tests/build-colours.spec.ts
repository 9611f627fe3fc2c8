import { expect, test } from '@playwright/test';
import { type ConsoleTarget, consoleUrl } from '../support/e2e-env';

/** Spec §6 "Build targets and theme colours", as computed rgb(). */
const EXPECTED: Record<ConsoleTarget, { primary: string; hover: string }> = {
  admin: { primary: 'rgb(250, 204, 21)', hover: 'rgb(234, 179, 8)' },
  merchant: { primary: 'rgb(250, 204, 21)', hover: 'rgb(234, 179, 8)' },
  'admin-bisnis': { primary: 'rgb(30, 64, 175)', hover: 'rgb(29, 78, 216)' },
  'merchant-bisnis': { primary: 'rgb(30, 64, 175)', hover: 'rgb(29, 78, 216)' },
};

for (const [target, colours] of Object.entries(EXPECTED) as [ConsoleTarget, (typeof EXPECTED)[ConsoleTarget]][]) {
  test(`the ${target} build draws its primary button in ${colours.primary}, ${colours.hover} on hover`, async ({
    page,
  }) => {
    await page.goto(`${consoleUrl(target)}/auth/signin`);
    const button = page.getByRole('button', { name: 'Sign In', exact: true });
    await expect(button).toHaveCSS('background-color', colours.primary);
    await button.hover();
    await expect(button).toHaveCSS('background-color', colours.hover);
  });
}
