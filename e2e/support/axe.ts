import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Runs axe on what the page shows now; fails listing every serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n    ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join('\n    ')}`,
    );
  expect(blocking, `axe on ${what}:\n${blocking.join('\n')}`).toEqual([]);
}
