import { Outlet } from 'react-router';
import { Brand } from './brand';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

/** Sign-in and the other account pages: brand, theme and language, and a narrow column. */
export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <Brand />
        <div className="flex items-center gap-1 sm:gap-3">
          <ThemeSwitch />
          <LanguageSwitch />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
