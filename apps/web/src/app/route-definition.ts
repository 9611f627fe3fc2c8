import type { Area, RoleId, WalletProvider } from '@gerbang/contract';
import type { ComponentType } from 'react';
import type { Namespace } from '../lib/i18n';

/** Which shell a page is drawn in. */
export type RouteLayout = 'auth' | 'console';

/**
 * Loads a page's code, or a console's layout (its sidebar, header and route table: each console's
 * route table names its own, so the other console's layout and pages stay out of the build).
 */
export type ComponentLoader = () => Promise<{ default: ComponentType }>;

/** One row of a console's route table (spec §2 "Routing behaviour"). */
export type AppRoute = {
  path: string;
  /**
   * Key in the common namespace; the router sets the document title from it. Several keys: the
   * first the locale has (a provider's own text, then one that interpolates its name).
   */
  titleKey: string | readonly string[];
  /** The wallet provider whose page it is: its name is the `name` the title may interpolate. */
  provider?: WalletProvider;
  isPublic?: boolean;
  /** Only these roles may open the page; others see "no access". */
  roles?: readonly RoleId[];
  /** Permission area (contract PERMISSIONS) whose `view` the role needs. */
  area?: Area;
  layout: RouteLayout;
  /** Translation namespaces the page renders with, loaded together with its code. */
  namespaces?: readonly Namespace[];
  load: ComponentLoader;
  /**
   * A console page whose own content is what its reader looks at first (its largest paint is not
   * the layout's header but the page's text): its code and texts load beside the layout's and its
   * first frame shows both, instead of the layout first and the page after it. Its code names no
   * schema: it parses its answers with lib/parsed-after-first-frame.ts, so zod and the schemas
   * still load after that frame (the bundle check fails a document that names them).
   */
  drawnWithLayout?: true;
  /** The page reads nothing through the query cache, which then stays off its download. */
  withoutQueryCache?: true;
};
