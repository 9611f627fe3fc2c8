import { z } from 'zod';
import {
  BUILD_TARGETS,
  type BuildTarget,
  type ConsoleKind,
  consoleKindOf,
  DEFAULT_BUILD_TARGET,
} from './build-targets';

// An empty VITE_* variable means "not set", so the default applies.
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());

const envSchema = z.object({
  VITE_BACKEND_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url().default('http://localhost:8080'),
  ),
  VITE_FRONTEND_URL: optionalUrl,
  VITE_BUILD_TARGET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(BUILD_TARGETS).default(DEFAULT_BUILD_TARGET),
  ),
  MODE: z.string(),
});

export type Env = {
  backendUrl: string;
  /** Where this console is served; links shown to users (e.g. embed URLs) are built from it. */
  frontendUrl: string;
  buildTarget: BuildTarget;
  consoleKind: ConsoleKind;
  mode: string;
};

function parseEnv(): Env {
  const parsed = envSchema.safeParse(import.meta.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid build settings: ${problems}`);
  }
  const values = parsed.data;
  return {
    backendUrl: values.VITE_BACKEND_URL.replace(/\/+$/, ''),
    frontendUrl: (values.VITE_FRONTEND_URL ?? globalThis.location?.origin ?? '').replace(/\/+$/, ''),
    buildTarget: values.VITE_BUILD_TARGET,
    consoleKind: consoleKindOf(values.VITE_BUILD_TARGET),
    mode: values.MODE,
  };
}

/** The only reader of import.meta.env (STYLE.md habit 3). */
export const env: Env = parseEnv();
