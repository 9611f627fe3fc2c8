import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product mark; customer pages show it without a link into the console. */
export function Brand({ isLink = true }: { isLink?: boolean }) {
  const { t } = useTranslation('common');
  const content = (
    <>
      <span
        className="flex size-8 items-center justify-center rounded-md bg-primary text-on-primary"
        aria-hidden="true"
      >
        G
      </span>
      <span className="text-lg">{t('common:appName')}</span>
    </>
  );
  const className = 'flex items-center gap-2 rounded-md font-bold tracking-tight';
  if (!isLink) return <span className={className}>{content}</span>;
  return (
    <Link to="/" className={className}>
      {content}
    </Link>
  );
}
