import { RUNNABLE_DEVICE_CHECKS, type RunnableDeviceCheck } from '@gerbang/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useRunHealthChecks } from '../api/run-health-checks';

type RunChecksControlProps = {
  deviceIds: string[];
  /** Completes the button's accessible name: whom the checks run on ("Pixel 7", "3 devices"). */
  target: string;
  onStarted?: () => void;
};

const DEFAULT_CHECK: RunnableDeviceCheck = 'device';

/** A check type and a button that runs it on one device or a selection. */
export function RunChecksControl({ deviceIds, target, onStarted }: RunChecksControlProps) {
  const { t } = useTranslation(['devices']);
  const apiErrorMessage = useApiErrorMessage();
  const selectId = useId();
  const [type, setType] = useState<RunnableDeviceCheck>(DEFAULT_CHECK);
  const run = useRunHealthChecks();

  const onRun = () =>
    run.mutate(
      { deviceIds, type },
      {
        onSuccess: ({ started, skipped }) => {
          toast.success(t('devices:checks.started', { count: started.length }));
          if (skipped.length > 0) toast.error(t('devices:checks.skipped', { count: skipped.length }));
          onStarted?.();
        },
        onError: (error) => toast.error(apiErrorMessage(error)),
      },
    );

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        {t('devices:checks.typeFor', { target })}
      </label>
      <select
        id={selectId}
        value={type}
        onChange={(event) => setType(RUNNABLE_DEVICE_CHECKS.find((value) => value === event.target.value) ?? type)}
        className="min-h-10 rounded-md border border-gray-300 bg-white px-2 text-sm dark:border-gray-600 dark:bg-gray-800"
      >
        {RUNNABLE_DEVICE_CHECKS.map((value) => (
          <option key={value} value={value}>
            {t(`devices:checkTypes.${value}`)}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        isLoading={run.isPending}
        disabled={deviceIds.length === 0}
        aria-label={t('devices:checks.runOn', { target })}
        onClick={onRun}
        className="whitespace-nowrap"
      >
        {t('devices:checks.run')}
      </Button>
    </div>
  );
}
