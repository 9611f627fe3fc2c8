/**
 * Live or test (docs/test-mode.md), without zod: the merchant console's layout sends the mode with
 * every request and draws before the contract's schemas have loaded.
 */
/** The merchant console asks for test mode's data with this header (absent: live). */
export const MODE_HEADER = 'x-gerbang-mode';
export const MODES = ['live', 'test'] as const;
export type Mode = (typeof MODES)[number];

/** A test token's secret starts with this; a live one's with "gbk_" and anything else. */
export const TEST_TOKEN_PREFIX = 'gbk_test_';
