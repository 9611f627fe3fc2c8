import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from this file: `src/paths.ts` when run from
 * source and `dist/main.js` when built are both one level below it, so both find the migrations
 * and the consoles' builds in the same places.
 */
const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The committed SQL migrations. */
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');

/** The consoles' production builds (apps/web/dist). */
export const WEB_DIST = join(SERVER_ROOT, '..', 'web', 'dist');
