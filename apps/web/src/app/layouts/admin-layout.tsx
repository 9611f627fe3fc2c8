import { ADMIN_ROUTES } from '../admin-routes';
import { ADMIN_SIDEBAR_ITEMS } from './admin-sidebar-items';
import { ConsoleLayout } from './console-layout';

export function AdminLayout() {
  return <ConsoleLayout sidebarItems={ADMIN_SIDEBAR_ITEMS} routes={ADMIN_ROUTES} />;
}
