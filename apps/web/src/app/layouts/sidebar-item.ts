import type { IconName } from '../../components/ui/icon';

/** A sidebar link; who sees it is decided by the route table row with the same path. */
export type SidebarItem = { path: string; labelKey: string; icon: IconName };
