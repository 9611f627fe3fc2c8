import { useTranslation } from 'react-i18next';

export const BRAND_CLASS_NAME = 'flex items-center gap-2 rounded-md font-bold tracking-tight';

/** The product mark's content (the customer pages show it alone, with no link into a console). */
export function BrandContent() {
  const { t } = useTranslation('common');
  return (
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
}

export function BrandMark() {
  return (
    <span className={BRAND_CLASS_NAME}>
      <BrandContent />
    </span>
  );
}
