import buildTargets from './build-targets.json';

/**
 * The four builds made from one source (spec §1). The list lives in JSON so that
 * scripts/build-all.mjs (plain Node, no TypeScript) reads the same list.
 */
export const BUILD_TARGETS = buildTargets as ['admin', 'admin-bisnis', 'merchant', 'merchant-bisnis'];
export type BuildTarget = (typeof BUILD_TARGETS)[number];
export const DEFAULT_BUILD_TARGET: BuildTarget = 'admin';

export function isBuildTarget(value: unknown): value is BuildTarget {
  return typeof value === 'string' && (BUILD_TARGETS as readonly string[]).includes(value);
}

export type ConsoleKind = 'admin' | 'merchant';

/** Spec §1: the admin route list is used when the target contains "admin". */
export function consoleKindOf(target: BuildTarget): ConsoleKind {
  return target.includes('admin') ? 'admin' : 'merchant';
}
