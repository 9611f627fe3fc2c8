import { useTranslation } from 'react-i18next';
import { SecretReveal } from '../../../components/ui/secret-reveal';

/** A device token, shown once: the server keeps only its hash. */
export function DeviceTokenReveal({ token, deviceName }: { token: string; deviceName: string }) {
  const { t } = useTranslation(['devices']);
  return (
    <SecretReveal
      value={token}
      label={t('devices:token.label')}
      warning={t('devices:token.warning', { name: deviceName })}
      copyLabel={t('devices:token.copy')}
    />
  );
}
