import {
  BUILD_TARGETS,
  type BuildTarget,
  type ConsoleKind,
  consoleKindOf,
  DEFAULT_BUILD_TARGET,
  isBuildTarget,
} from './build-targets';
import defaults from './defaults.json' with { type: 'json' };

export type Env = {
  backendUrl: string;
  /** Where this console is served; links shown to users (e.g. embed URLs) are built from it. */
  frontendUrl: string;
  buildTarget: BuildTarget;
  consoleKind: ConsoleKind;
  mode: string;
};

// Checked by hand rather than with zod: this runs before the first render, and zod would be the
// sign-in page's largest download after React.
type Problems = string[];

/** An empty VITE_* variable means "not set", so the default applies. */
function setting(raw: Record<string, unknown>, name: string): unknown {
  const value = raw[name];
  return value === '' ? undefined : value;
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function urlOf(value: unknown, name: string, problems: Problems): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && isUrl(value.trim())) return value.trim();
  problems.push(`${name}: Invalid URL`);
  return undefined;
}

/**
 * The API's URL: an absolute one, or a path on the console's own origin (`/api`, the default: the
 * console server hands it to the API, and the browser needs no CORS preflight before a call).
 */
function readBackendUrl(raw: Record<string, unknown>, problems: Problems): string {
  const value = setting(raw, 'VITE_BACKEND_URL') ?? defaults.backendUrl;
  if (typeof value === 'string' && /^\/[^/]/.test(value.trim()))
    return `${globalThis.location?.origin ?? ''}${value.trim()}`;
  return urlOf(value, 'VITE_BACKEND_URL', problems) ?? '';
}

export function parseEnv(raw: Record<string, unknown>): Env {
  const problems: Problems = [];
  const backendUrl = readBackendUrl(raw, problems);
  const frontendUrl = urlOf(setting(raw, 'VITE_FRONTEND_URL'), 'VITE_FRONTEND_URL', problems);
  const target = setting(raw, 'VITE_BUILD_TARGET') ?? DEFAULT_BUILD_TARGET;
  if (!isBuildTarget(target)) {
    problems.push(`VITE_BUILD_TARGET: Invalid option: expected one of ${BUILD_TARGETS.join('|')}`);
  }
  const mode = raw.MODE;
  if (typeof mode !== 'string') problems.push('MODE: Invalid input: expected string');
  if (problems.length > 0 || !isBuildTarget(target) || typeof mode !== 'string') {
    throw new Error(`Invalid build settings: ${problems.join('; ')}`);
  }
  return {
    backendUrl: backendUrl.replace(/\/+$/, ''),
    frontendUrl: (frontendUrl ?? globalThis.location?.origin ?? '').replace(/\/+$/, ''),
    buildTarget: target,
    consoleKind: consoleKindOf(target),
    mode,
  };
}

/** The only reader of import.meta.env (STYLE.md habit 3). */
export const env: Env = parseEnv(import.meta.env);
