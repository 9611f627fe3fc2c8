import { type ReactNode, useEffect } from 'react';
import { isInFrame } from '../../lib/in-frame';
import { BrandMark } from '../layouts/brand-mark';
import { LanguageSwitch } from '../layouts/language-switch';

/**
 * Customer pages. Inside a merchant's iframe the header goes and the background turns transparent.
 * Each page tells its parent it is ready (spec §2's EMBED_READY) once it knows the merchant's
 * allowed origins: messages go to an allowed origin only, never to "*".
 */
export function CustomerLayout({ children }: { children: ReactNode }) {
  const isFramed = isInFrame();

  useEffect(() => {
    if (!isFramed) return;
    document.documentElement.classList.add('embedded');
    return () => document.documentElement.classList.remove('embedded');
  }, [isFramed]);

  if (isFramed) return <main className="p-2 sm:p-4">{children}</main>;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between gap-2 border-b border-gray-200 bg-white px-4 py-3 sm:px-6 dark:border-gray-800 dark:bg-gray-900">
        <BrandMark />
        <LanguageSwitch />
      </header>
      <main className="mx-auto w-full max-w-lg flex-1 px-4 py-8">{children}</main>
    </div>
  );
}
