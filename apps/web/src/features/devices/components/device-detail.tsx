import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { parseApiError, useApiErrorMessage } from '../../../lib/api-error';
import { useDevice } from '../api/get-device';
import { useDeviceLiveUpdates } from '../hooks/use-device-live-updates';
import { DeviceBasicInfoSection } from './device-basic-info-section';
import { DeviceConnectionLogSection } from './device-connection-log-section';
import { DeviceHealthSection } from './device-health-section';
import { DeviceTelemetrySection } from './device-telemetry-section';
import { SimulatedBadge } from './simulated-badge';

/** Basic information, telemetry, health checks and the connection log of one device, live. */
export function DeviceDetail({ id }: { id: string }) {
  const { t } = useTranslation(['devices']);
  const apiErrorMessage = useApiErrorMessage();
  const deviceQuery = useDevice(id);
  useDeviceLiveUpdates();

  let content = <Spinner />;
  if (deviceQuery.isError) {
    const isMissing = ['NOT_FOUND', 'VALIDATION_FAILED'].includes(parseApiError(deviceQuery.error).code);
    content = <FormError>{isMissing ? t('devices:detail.notFound') : apiErrorMessage(deviceQuery.error)}</FormError>;
  } else if (deviceQuery.data) {
    const device = deviceQuery.data;
    content = (
      <>
        <p className="flex flex-wrap items-center gap-2 text-base font-medium">
          {device.name}
          {device.isSimulated ? <SimulatedBadge /> : null}
        </p>
        <DeviceBasicInfoSection device={device} />
        <DeviceTelemetrySection device={device} />
        <DeviceHealthSection device={device} />
        <DeviceConnectionLogSection deviceId={device.id} />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <Link to="/" className="self-start text-sm text-gray-700 underline hover:no-underline dark:text-gray-300">
        {t('devices:detail.back')}
      </Link>
      {content}
    </div>
  );
}
