import { useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { useProviderText } from '../provider-text';
import { type PageHeaderVariant, pageHeaderVariantFor } from './page-header-variants';

const keysOf = (variant: PageHeaderVariant) =>
  (typeof variant.key === 'string' ? [variant.key] : variant.key).map((key) => `console:pageHeader.${key}`);

/** The console page's one h1: title, blurb and icon follow a word in the path (spec §2). */
export function PageHeader({ fallback }: { fallback?: PageHeaderVariant }) {
  const text = useProviderText();
  const { pathname } = useLocation();
  const variant = pageHeaderVariantFor(pathname, fallback);
  return (
    <div className="flex items-start gap-3 sm:gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-on-primary sm:size-12">
        <Icon name={variant.icon} className="size-6" />
      </span>
      <div className="min-w-0">
        <h1 className="text-xl font-bold sm:text-2xl">{text(keysOf(variant), variant.provider, '.title')}</h1>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          {text(keysOf(variant), variant.provider, '.blurb')}
        </p>
      </div>
    </div>
  );
}
