import { useCallback } from 'react';
import { parseApiError, useApiErrorMessage } from '../../../lib/api-error';
import type { DeviceFieldErrors, DeviceFieldValues } from '../components/device-fields';

const FIELDS: readonly (keyof DeviceFieldValues)[] = ['name', 'label', 'notes'];

function isDeviceField(value: string): value is keyof DeviceFieldValues {
  return (FIELDS as readonly string[]).includes(value);
}

/**
 * Splits a failed register or edit into messages next to the inputs (422 `fields` keyed like
 * `body.name`) and one message for the rest.
 */
export function useDeviceFormError() {
  const apiErrorMessage = useApiErrorMessage();
  return useCallback(
    (error: unknown): { fieldErrors: DeviceFieldErrors; formError?: string } => {
      const fieldErrors: DeviceFieldErrors = {};
      if (!error) return { fieldErrors };
      const parsed = parseApiError(error);
      let hasOtherField = false;
      for (const [key, message] of Object.entries(parsed.fields ?? {})) {
        const field = key.replace(/^body\./, '');
        if (isDeviceField(field)) fieldErrors[field] = message;
        else hasOtherField = true;
      }
      const isShownInline = Object.keys(fieldErrors).length > 0 && !hasOtherField;
      return { fieldErrors, formError: isShownInline ? undefined : apiErrorMessage(error) };
    },
    [apiErrorMessage],
  );
}
