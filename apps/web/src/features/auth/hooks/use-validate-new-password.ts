import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@gerbang/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type NewPasswordErrors = { password?: string; confirmPassword?: string };

/**
 * The length rule from the contract, checked before the request so the message is translated
 * and instant. "Not equal to the email" needs the email and stays with the server.
 */
export function useValidateNewPassword() {
  const { t } = useTranslation(['auth']);
  return useCallback(
    (password: string, confirmPassword: string): NewPasswordErrors => {
      const errors: NewPasswordErrors = {};
      if (password.length < PASSWORD_MIN_LENGTH) {
        errors.password = t('auth:password.tooShort', { min: PASSWORD_MIN_LENGTH });
      } else if (password.length > PASSWORD_MAX_LENGTH) {
        errors.password = t('auth:password.tooLong', { max: PASSWORD_MAX_LENGTH });
      }
      if (confirmPassword !== password) errors.confirmPassword = t('auth:password.mismatch');
      return errors;
    },
    [t],
  );
}
