import { type Device, deviceNotReadyReasons, readHealthCheckStatus } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';

/** Ready, or not ready and why (the contract's rule, the one the server's isReady follows). */
export function DeviceReadiness({ device }: { device: Device }) {
  const { t } = useTranslation(['devices']);
  if (device.isReady) return <>{t('devices:readyYes')}</>;
  const reasons = deviceNotReadyReasons({
    status: device.status,
    isOnline: device.isOnline,
    isBusy: device.isBusy,
    checkStatuses: Object.values(device.health).map((check) => readHealthCheckStatus(check.status)),
  }).map((reason) => t(`devices:notReadyReasons.${reason}`));
  return (
    <>
      {t('devices:readyNo')}
      {reasons.length > 0 ? <span className="text-gray-700 dark:text-gray-300"> ({reasons.join(', ')})</span> : null}
    </>
  );
}
