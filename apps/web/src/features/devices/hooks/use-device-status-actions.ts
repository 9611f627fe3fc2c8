import type { Device, DeviceWithToken } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useDisableDevice } from '../api/disable-device';
import { useEnableDevice } from '../api/enable-device';
import { useRotateDeviceToken } from '../api/rotate-device-token';

/** Rotate token, disable and enable for one device: each asks first, then says how it went. */
export function useDeviceStatusActions({ onTokenRotated }: { onTokenRotated: (answer: DeviceWithToken) => void }) {
  const { t } = useTranslation(['devices']);
  const confirm = useConfirm();
  const apiErrorMessage = useApiErrorMessage();
  const rotate = useRotateDeviceToken();
  const disable = useDisableDevice();
  const enable = useEnableDevice();
  const onError = (error: unknown) => toast.error(apiErrorMessage(error));

  const ask = async (action: 'rotate' | 'disable' | 'enable', device: Device) =>
    (await confirm({
      title: t(`devices:${action}.title`),
      message: t(`devices:${action}.message`, { name: device.name }),
      confirmText: t(`devices:${action}.confirm`),
      cancelText: t('devices:actions.cancel'),
    })) === true;

  // The old token stops working at once and the phone is dropped: never one click away.
  const onRotateToken = async (device: Device) => {
    if (!(await ask('rotate', device))) return;
    rotate.mutate(device.id, { onSuccess: onTokenRotated, onError });
  };

  const onDisable = async (device: Device) => {
    if (!(await ask('disable', device))) return;
    disable.mutate(device.id, {
      onSuccess: (changed) => toast.success(t('devices:disable.success', { name: changed.name })),
      onError,
    });
  };

  const onEnable = async (device: Device) => {
    if (!(await ask('enable', device))) return;
    enable.mutate(device.id, {
      onSuccess: (changed) => toast.success(t('devices:enable.success', { name: changed.name })),
      onError,
    });
  };

  return {
    onRotateToken,
    onDisable,
    onEnable,
    isRotating: rotate.isPending,
    isDisabling: disable.isPending,
    isEnabling: enable.isPending,
  };
}
