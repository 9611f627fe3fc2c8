import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../use-document-title';

export default function NotFoundRoute() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('common:notFound.title'));
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold">{t('common:notFound.title')}</h1>
        <p className="mt-3 text-gray-700 dark:text-gray-300">{t('common:notFound.message')}</p>
        <Link to="/" className="mt-6 inline-block font-medium underline">
          {t('common:notFound.home')}
        </Link>
      </div>
    </main>
  );
}
