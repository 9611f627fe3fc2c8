import { ROLE_KEYS } from '@gerbang/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import defaultAvatarUrl from '../../assets/default-avatar.svg';
import { Icon } from '../../components/ui/icon';
import { OutsideClick } from '../../components/ui/outside-click';
import { useSession } from '../../lib/session';

const MENU_ID = 'user-menu';

/** Spec §2: the top-bar menu offers 'Change Password' and 'Log Out'. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const { user, logout } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setIsOpen(false);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={MENU_ID}
        className="flex items-center gap-2 rounded-md p-1 hover:bg-gray-100 dark:hover:bg-gray-800"
      >
        <img src={defaultAvatarUrl} alt="" className="size-8 rounded-full" />
        <span className="hidden text-left text-sm sm:block">
          <span className="block font-medium">{user?.name}</span>
          {user && (
            <span className="block text-xs text-gray-600 dark:text-gray-400">
              {t(`common:roles.${ROLE_KEYS[user.roleId]}`)}
            </span>
          )}
        </span>
        <span className="sr-only sm:hidden">{t('common:userMenu.label')}</span>
        <Icon name="chevronDown" className="size-4" />
      </button>
      {isOpen && (
        <OutsideClick onOutsideClick={close} except={buttonRef}>
          <div
            id={MENU_ID}
            className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
          >
            {user && (
              <p className="truncate border-b border-gray-200 px-4 py-2 text-xs text-gray-600 dark:border-gray-700 dark:text-gray-400">
                {user.email}
              </p>
            )}
            <ul>
              <li>
                <Link
                  to="/change-password"
                  onClick={close}
                  className="block px-4 py-2 text-sm hover:bg-gray-100 dark:hover:bg-gray-800"
                >
                  {t('common:userMenu.changePassword')}
                </Link>
              </li>
              <li>
                <Link
                  to="/account/security"
                  onClick={close}
                  className="block px-4 py-2 text-sm hover:bg-gray-100 dark:hover:bg-gray-800"
                >
                  {t('common:userMenu.security')}
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    void logout();
                  }}
                  className="block w-full px-4 py-2 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800"
                >
                  {t('common:userMenu.logOut')}
                </button>
              </li>
            </ul>
          </div>
        </OutsideClick>
      )}
    </div>
  );
}
