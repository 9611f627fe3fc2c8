import { useTranslation } from 'react-i18next';

type SpinnerProps = {
  className?: string;
  label?: string;
  /** Inside something that already says it is busy (e.g. a button with aria-busy): no announcement. */
  isDecorative?: boolean;
};

export function Spinner({ className = 'size-5', label, isDecorative = false }: SpinnerProps) {
  const { t } = useTranslation('common');
  const icon = (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
  if (isDecorative) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label ?? t('common:loading')}</span>
    </span>
  );
}
