import type { Device, DeviceWithToken } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { RowMenu } from '../../../components/ui/row-menu';
import { useDevicePermissions } from '../hooks/use-device-permissions';
import { useDeviceStatusActions } from '../hooks/use-device-status-actions';
import { DeviceTokenReveal } from './device-token-reveal';
import { EditDeviceModal } from './edit-device-modal';
import { RunChecksControl } from './run-checks-control';

/**
 * Run checks, edit, rotate token and disable or enable one device: the same controls in a table
 * row and on the detail page. Each button's name includes the device's name, so a screen reader
 * going through the table hears which phone it acts on.
 */
export function DeviceActions({ device, isCompact = false }: { device: Device; isCompact?: boolean }) {
  const { t } = useTranslation(['devices']);
  const { canEdit, canOperate } = useDevicePermissions();
  const [isEditing, setIsEditing] = useState(false);
  const [rotated, setRotated] = useState<DeviceWithToken | null>(null);
  const { onRotateToken, onDisable, onEnable, isRotating, isDisabling, isEnabling } = useDeviceStatusActions({
    onTokenRotated: setRotated,
  });
  if (!canEdit && !canOperate) return null;
  const isDisabled = device.status === 'disabled';

  const buttons = (
    <>
      {canOperate && !isDisabled ? <RunChecksControl deviceIds={[device.id]} target={device.name} /> : null}
      {canEdit ? (
        <Button
          variant="secondary"
          aria-label={t('devices:actions.editDevice', { name: device.name })}
          onClick={() => setIsEditing(true)}
        >
          {t('devices:actions.edit')}
        </Button>
      ) : null}
      {canOperate ? (
        <Button
          variant="secondary"
          aria-label={t('devices:actions.rotateDevice', { name: device.name })}
          isLoading={isRotating}
          onClick={() => void onRotateToken(device)}
          className="whitespace-nowrap"
        >
          {t('devices:actions.rotate')}
        </Button>
      ) : null}
      {canOperate && isDisabled ? (
        <Button
          variant="secondary"
          aria-label={t('devices:actions.enableDevice', { name: device.name })}
          isLoading={isEnabling}
          onClick={() => void onEnable(device)}
        >
          {t('devices:actions.enable')}
        </Button>
      ) : null}
      {canOperate && !isDisabled ? (
        <Button
          variant="danger"
          aria-label={t('devices:actions.disableDevice', { name: device.name })}
          isLoading={isDisabling}
          onClick={() => void onDisable(device)}
        >
          {t('devices:actions.disable')}
        </Button>
      ) : null}
    </>
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      {isCompact ? <RowMenu label={t('devices:actions.menuFor', { name: device.name })}>{buttons}</RowMenu> : buttons}
      {isEditing ? <EditDeviceModal device={device} onClose={() => setIsEditing(false)} /> : null}
      {rotated ? (
        <Modal
          isOpen
          onClose={() => setRotated(null)}
          title={t('devices:rotate.doneTitle')}
          footer={
            <Button variant="secondary" onClick={() => setRotated(null)}>
              {t('devices:actions.done')}
            </Button>
          }
        >
          <DeviceTokenReveal token={rotated.token} deviceName={rotated.device.name} />
        </Modal>
      ) : null}
    </div>
  );
}
