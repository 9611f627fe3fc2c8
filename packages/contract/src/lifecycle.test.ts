import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canMove, finalStates, type Lifecycle, lifecycleDiagram } from './lifecycle';
import { PAYMENT_SESSION_LIFECYCLE } from './payments/payment-session';
import { WITHDRAWAL_LIFECYCLE } from './withdrawals/withdrawal';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** The diagram's lines as a comment or a fenced block writes them (leading ` * ` and spaces dropped). */
const linesOf = (text: string) => text.split('\n').map((line) => line.replace(/^\s*\*?\s*/, '').trimEnd());

describe('the lifecycles the server enforces', () => {
  const lifecycles: { lifecycle: Lifecycle<string, string>; source: string; doc: string }[] = [
    { lifecycle: PAYMENT_SESSION_LIFECYCLE, source: './payments/payment-session.ts', doc: '../../../docs/payments.md' },
    { lifecycle: WITHDRAWAL_LIFECYCLE, source: './withdrawals/withdrawal.ts', doc: '../../../docs/withdrawals.md' },
  ];

  it.each(lifecycles)(
    '$lifecycle.name: the contract comment and the docs draw exactly the table',
    ({ lifecycle, source, doc }) => {
      const diagram = lifecycleDiagram(lifecycle);
      for (const text of [read(source), read(doc)]) {
        const lines = linesOf(text);
        const start = lines.indexOf(diagram[0] as string);
        expect(start, `${lifecycle.name}'s diagram is missing`).toBeGreaterThanOrEqual(0);
        expect(lines.slice(start, start + diagram.length)).toEqual(diagram);
        // No stray arrow of this lifecycle right after the generated block.
        expect(lines[start + diagram.length] ?? '').not.toMatch(/─\(/);
      }
    },
  );

  it('a paid session stays paid and a settled or released withdrawal never moves again', () => {
    expect(finalStates(PAYMENT_SESSION_LIFECYCLE)).toEqual(['success']);
    expect(finalStates(WITHDRAWAL_LIFECYCLE)).toEqual(['success', 'failed', 'rejected', 'cancelled']);
  });

  it('nothing moves a failed session anywhere but to success, and only a matched transfer does', () => {
    expect(canMove(PAYMENT_SESSION_LIFECYCLE, 'failed', 'success')).toBe(true);
    expect(canMove(PAYMENT_SESSION_LIFECYCLE, 'failed', 'processing')).toBe(false);
    expect(canMove(PAYMENT_SESSION_LIFECYCLE, 'expired', 'awaiting_payment')).toBe(false);
  });

  it('an uncertain withdrawal is never sent again: nothing leads from it back to processing', () => {
    expect(canMove(WITHDRAWAL_LIFECYCLE, 'uncertain', 'processing')).toBe(false);
    expect(canMove(WITHDRAWAL_LIFECYCLE, 'uncertain', 'approved')).toBe(false);
  });
});
