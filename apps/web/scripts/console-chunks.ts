import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';
import type { ConsoleKind } from '../src/config/build-targets.ts';
import { importedSpecifiers, sourceFiles } from './source-imports.ts';

const CONTRACT_SOURCE = resolve(import.meta.dirname, '../../../packages/contract/src');

/**
 * The contract's modules that build no zod schema, themselves or through what they import: paths,
 * constants, the permission table. Every console page needs some of them, the sign-in page
 * included, and none of them can drag zod along.
 */
function contractModulesWithoutZod(): Set<string> {
  const imports = new Map<string, string[]>();
  for (const file of sourceFiles(CONTRACT_SOURCE)) {
    const specifiers = importedSpecifiers(readFileSync(file, 'utf8'));
    imports.set(
      file,
      specifiers.map((specifier) =>
        specifier.startsWith('.') ? resolve(dirname(file), `${specifier}.ts`) : specifier,
      ),
    );
  }
  const light = new Set<string>();
  const isLight = (file: string, seen: Set<string>): boolean => {
    if (light.has(file)) return true;
    const specifiers = imports.get(file);
    if (!specifiers || seen.has(file)) return false;
    seen.add(file);
    return specifiers.every((specifier) => specifier.startsWith('/') && isLight(specifier, seen));
  };
  for (const file of imports.keys()) if (isLight(file, new Set())) light.add(file);
  return light;
}

const BASE =
  /vite[\\/]preload-helper|[\\/]lib[\\/](api-error|http-error)\.ts$|[\\/]components[\\/]ui[\\/](button|input|field-styles)\.tsx?$/;
/**
 * The app code that parses with the contract's schemas after the first frame: the session's check,
 * and the schemas a page drawn with its layout parses its answers with (a feature's
 * `api/*-answers.ts`, lib/parsed-after-first-frame.ts): in the schemas' file, not in the page's.
 */
const SCHEMA_USERS =
  /[\\/]lib[\\/](zod-config|session-requests)\.ts$|[\\/]features[\\/][\w-]+[\\/]api[\\/][\w-]+-answers\.ts$/;
/**
 * Features' pieces the console layout draws (the alert bell's slot, the second-factor prompts and
 * banner): they load the rest of their feature on demand.
 */
const LAYOUT_SLOTS =
  /[\\/]features[\\/](alerts[\\/]components[\\/]alert-bell-(slot|link)|second-factor[\\/]components[\\/]second-factor-(prompts|off-banner))\.tsx$/;
/**
 * The webhooks' zod-free names (paths, limits, states, event types), which /webhooks draws with
 * and the sign-in page does not: a file of their own, not in `base` (every page's first download),
 * nor in the schemas' file (which /webhooks loads after its first frame).
 */
const WEBHOOK_NAMES = /[\\/]packages[\\/]contract[\\/]src[\\/]webhooks[\\/]webhook-(names|event-types)\.ts$/;
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
/**
 * Each console's own layout and sidebar: in its own layout's file (a signed-in page's document
 * names it, route-preloads.mjs), not in the shared `console` file, which the activation and
 * password pages load without a layout.
 */
const ONE_CONSOLES_LAYOUT = /[\\/]app[\\/]layouts[\\/](admin|merchant)-(layout\.tsx|sidebar-items\.ts)$/;
/**
 * Loaded on demand by the pages that show them: a QR code, the merchant dashboard's chart, a webhook
 * event's detail (with the deliveries' piece and its texts).
 */
const ON_DEMAND = /[\\/](qr-image|daily-chart|webhook-event-detail)\.tsx$/;
/** A feature's folder, for its pages and components (not auth: the sign-in page stays small). */
const FEATURE = /[\\/]apps[\\/]web[\\/]src[\\/](?:features|app[\\/]routes)[\\/]([\w-]+)[\\/]/;
/**
 * Folders of pages that are not one feature: the merchant console's pages each draw their own. As
 * one group, every merchant page loaded all twelve of its features (14 files, 76 KB as gzip).
 */
const NOT_A_FEATURE = new Set(['auth', 'merchant-console']);
/**
 * A feature's piece that other features' pages draw too (a webhook event's deliveries, on a
 * session's and a withdrawal's detail): a file of its own, so that drawing it does not load the
 * whole feature it belongs to.
 */
const SHARED_PIECES =
  /[\\/]features[\\/]webhooks[\\/](components[\\/]webhook-event-item\.tsx|api[\\/]resend-webhook-event\.ts)$/;

const APP_SOURCE_DIR = resolve(import.meta.dirname, '../src');
const MERCHANT_PAGES = resolve(APP_SOURCE_DIR, 'app/routes/merchant-console');
const FEATURE_FOLDER = /[\\/]src[\\/]features[\\/]([\w-]+)[\\/]/;
/** The admin console's pages (app/routes/<folder>/), which the merchant build does not carry. */
const ADMIN_PAGE = /[\\/]app[\\/]routes[\\/](?!merchant-console[\\/]|auth[\\/])[\w-]+[\\/]/;

/**
 * The features one merchant console page alone uses (the dashboard's, the webhooks', the API
 * tokens' and logs', the audit log's, the saved views): no file of their own in the merchant
 * build, they ride in the page's, one request instead of two. A feature anything else imports
 * (another feature, the layout, a second page) keeps its file: the bundler would cut it by which
 * pages reach each of its modules.
 */
function featuresOfOneMerchantPage(): Set<string> {
  const importers = new Map<string, Set<string>>();
  for (const file of sourceFiles(APP_SOURCE_DIR)) {
    if (ADMIN_PAGE.test(file)) continue;
    const own = FEATURE_FOLDER.exec(file)?.[1];
    for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'), { dynamic: true })) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      const feature = FEATURE_FOLDER.exec(target)?.[1];
      if (!feature || feature === own || SHARED_PIECES.test(`${target}.tsx`) || SHARED_PIECES.test(`${target}.ts`)) {
        continue;
      }
      importers.set(feature, (importers.get(feature) ?? new Set()).add(file));
    }
  }
  return new Set(
    [...importers]
      .filter(([, files]) => files.size === 1 && [...files].every((file) => dirname(file) === MERCHANT_PAGES))
      .map(([feature]) => feature),
  );
}

/**
 * How a console's code is cut into files (Vite's manifest records the result; the bundle-size check
 * and Lighthouse measure it). A phone on a slow network pays a round trip for every few files, and
 * over HTTP/1.1 a browser opens six connections per origin: a page should need few files in few
 * waves. The Device Dashboard's own code went from 28 files to 10.
 *
 * Groups, the highest priority first when a module matches more than one:
 * 1. vendor: the libraries every page runs before its first render (they change rarely).
 * 2. shell: the app code every page runs first.
 * 3. base: the contract's zod-free modules (not the webhooks' names), Vite's preload helper, the
 *    API-error helpers and the form controls the sign-in page draws (a button, an input), which the
 *    sign-in page and every other one need (alone, each was a file of under a kilobyte).
 *    A group of its own: the shell's `$initial` tag would leave out the helpers only pages load.
 * 4. a feature's pages and components, one file per feature: /dana and /dana/:id share it. A
 *    merchant console page stays in its own file, with the features only it draws.
 * 5. console: what a signed-in page's layout draws with, loaded with the first one: the UI kit,
 *    the layout shared by both consoles, the API client and session, the query cache. Not each
 *    console's own layout and sidebar, nor the realtime client (it connects after the first
 *    paint), nor what loads on demand.
 * 6. webhook-names: the webhooks' zod-free names, which only pages that show webhooks need.
 * 7. schemas: the contract's schemas and zod, with the session's calls and the features'
 *    `api/*-answers.ts` that parse with them, which the pages' code needs and the layout does not:
 *    the sidebar and the page's header (and a page drawn with its layout) are drawn before they
 *    have loaded and run.
 * Only named packages and app files in the first three: `$initial` is judged before tree-shaking, so
 * the contract's barrel would otherwise drag zod and every schema in.
 */
export function consoleChunkGroups(kind: ConsoleKind): CodeSplittingGroup[] {
  const zodFree = contractModulesWithoutZod();
  const pageOwn = kind === 'merchant' ? featuresOfOneMerchantPage() : new Set<string>();
  return [
    {
      name: 'vendor',
      test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/,
      tags: ['$initial'],
      includeDependenciesRecursively: false,
      priority: 6,
    },
    {
      // The entry module stays out: it must remain the chunk index.html loads.
      name: 'shell',
      test: (id) => APP_SOURCE.test(id) && !/[\\/](main\.tsx|locales[\\/].*)$/.test(id),
      tags: ['$initial'],
      includeDependenciesRecursively: false,
      priority: 5,
    },
    {
      name: 'base',
      test: (id) => (zodFree.has(id) && !WEBHOOK_NAMES.test(id)) || BASE.test(id),
      includeDependenciesRecursively: false,
      priority: 4,
    },
    {
      debugName: 'features',
      name: (id) => {
        const feature = FEATURE.exec(id)?.[1];
        return feature && !NOT_A_FEATURE.has(feature) && !pageOwn.has(feature) ? feature : null;
      },
      test: (id) =>
        !ON_DEMAND.test(id) &&
        !LAYOUT_SLOTS.test(id) &&
        !SHARED_PIECES.test(id) &&
        !SCHEMA_USERS.test(id) &&
        !id.endsWith('.json'),
      includeDependenciesRecursively: false,
      priority: 3,
    },
    {
      name: 'console',
      test: (id) =>
        !ON_DEMAND.test(id) &&
        !SCHEMA_USERS.test(id) &&
        !ONE_CONSOLES_LAYOUT.test(id) &&
        !/[\\/]lib[\\/]realtime/.test(id) &&
        (/[\\/]apps[\\/]web[\\/]src[\\/](assets|components|hooks|lib|app[\\/](layouts|errors))[\\/]/.test(id) ||
          LAYOUT_SLOTS.test(id) ||
          // The wallet providers' page headers, which the layout's header reads (the admin
          // console's route table, in its shell, brings them there first).
          /[\\/]app[\\/]provider-pages\.ts$/.test(id) ||
          /[\\/]node_modules[\\/]@tanstack[\\/]/.test(id)),
      includeDependenciesRecursively: false,
      priority: 2,
    },
    {
      // Not in the schemas' file: the webhooks page names them before its first frame.
      name: 'webhook-names',
      test: WEBHOOK_NAMES,
      includeDependenciesRecursively: false,
      priority: 2,
    },
    {
      name: 'schemas',
      test: (id) =>
        /[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) ||
        /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
        SCHEMA_USERS.test(id),
      includeDependenciesRecursively: false,
      priority: 1,
    },
  ];
}
