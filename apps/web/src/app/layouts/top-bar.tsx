import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { AlertBellSlot } from '../../features/alerts/components/alert-bell-slot';
import { LanguageSwitch } from './language-switch';
import { ModeSwitch } from './mode-switch';
import { SIDEBAR_ID } from './sidebar';
import { ThemeSwitch } from './theme-switch';
import { UserMenu } from './user-menu';

type TopBarProps = {
  isSidebarOpen: boolean;
  onToggleSidebar(): void;
  toggleRef: RefObject<HTMLButtonElement | null>;
};

export function TopBar({ isSidebarOpen, onToggleSidebar, toggleRef }: TopBarProps) {
  const { t } = useTranslation(['common', 'console']);
  return (
    // While the sidebar is open on a small screen the bar sits above it, so its toggle can close it.
    <header
      className={`sticky top-0 ${isSidebarOpen ? 'z-50' : 'z-20'} flex h-16 items-center gap-2 border-b border-gray-200 bg-white px-3 sm:px-6 dark:border-gray-800 dark:bg-gray-900`}
    >
      <button
        ref={toggleRef}
        type="button"
        onClick={onToggleSidebar}
        aria-expanded={isSidebarOpen}
        aria-controls={SIDEBAR_ID}
        aria-label={isSidebarOpen ? t('console:sidebar.close') : t('console:sidebar.open')}
        className="rounded-md p-2 text-gray-700 hover:bg-gray-100 lg:hidden dark:text-gray-200 dark:hover:bg-gray-800"
      >
        <Icon name={isSidebarOpen ? 'close' : 'menu'} className="size-6" />
      </button>
      <div className="ml-auto flex items-center gap-1 sm:gap-3">
        <ModeSwitch />
        <AlertBellSlot />
        <ThemeSwitch />
        <LanguageSwitch />
        <UserMenu />
      </div>
    </header>
  );
}
