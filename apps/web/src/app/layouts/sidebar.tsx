import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { OutsideClick } from '../../components/ui/outside-click';
import { useSession } from '../../lib/session';
import { useProviderText } from '../provider-text';
import { canOpenRoute } from '../route-access';
import type { AppRoute } from '../route-definition';
import { Brand } from './brand';
import type { SidebarItem } from './sidebar-item';

/** Sidebar labels live in the console namespace (not loaded by the sign-in page). */
const prefixed = (keys: string | readonly string[]) =>
  typeof keys === 'string' ? `console:${keys}` : keys.map((key) => `console:${key}`);

export const SIDEBAR_ID = 'console-sidebar';

type SidebarProps = {
  items: readonly SidebarItem[];
  routes: readonly AppRoute[];
  isOpen: boolean;
  onClose(): void;
  /** The top-bar button that toggles the sidebar; pressing it is not an "outside" click. */
  toggleRef: RefObject<HTMLButtonElement | null>;
};

/**
 * Always shown on large screens; on small screens it slides in when opened and closes on
 * Escape or a press outside it (spec §2).
 */
export function Sidebar({ items, routes, isOpen, onClose, toggleRef }: SidebarProps) {
  const { t } = useTranslation(['common', 'console']);
  const text = useProviderText();
  const { user } = useSession();
  const visibleItems = items.filter((item) => {
    const route = routes.find((candidate) => candidate.path === item.path);
    return route ? canOpenRoute(route, user?.roleId, user?.merchantRole) : false;
  });

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onClose, toggleRef]);

  return (
    <>
      {isOpen && <div className="fixed inset-0 z-30 bg-gray-900/50 lg:hidden" aria-hidden="true" />}
      <OutsideClick
        onOutsideClick={() => isOpen && onClose()}
        except={toggleRef}
        className={`fixed inset-y-0 left-0 z-40 w-64 shrink-0 transition-transform lg:sticky lg:top-0 lg:h-screen lg:translate-x-0 ${
          isOpen ? 'translate-x-0' : '-translate-x-full max-lg:invisible'
        }`}
      >
        <aside
          id={SIDEBAR_ID}
          className="flex h-full flex-col border-r border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900"
        >
          <div className="flex h-16 items-center px-5">
            <Brand />
          </div>
          <nav aria-labelledby="sidebar-heading" className="flex-1 overflow-y-auto px-3 pb-6">
            <h2
              id="sidebar-heading"
              className="px-3 pt-4 pb-2 text-xs font-semibold tracking-wider text-gray-600 dark:text-gray-400"
            >
              {t('console:sidebar.heading')}
            </h2>
            <ul className="space-y-1">
              {visibleItems.map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    end={item.path === '/'}
                    onClick={onClose}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                        isActive
                          ? 'bg-primary text-on-primary'
                          : 'text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800'
                      }`
                    }
                  >
                    <Icon name={item.icon} />
                    {text(prefixed(item.labelKey), item.provider)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      </OutsideClick>
    </>
  );
}
