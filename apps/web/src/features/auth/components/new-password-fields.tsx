import { PASSWORD_MIN_LENGTH } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import type { NewPasswordErrors } from '../hooks/use-validate-new-password';

type NewPasswordFieldsProps = {
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  errors: NewPasswordErrors;
  /** The request's field name for the new password, so server field errors land here too. */
  name?: string;
};

/** New password plus confirmation, used by activation, reset and change password. */
export function NewPasswordFields({
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmPasswordChange,
  errors,
  name = 'password',
}: NewPasswordFieldsProps) {
  const { t } = useTranslation(['auth']);
  return (
    <>
      <p className="text-sm text-gray-600 dark:text-gray-300">
        {t('auth:password.hint', { min: PASSWORD_MIN_LENGTH })}
      </p>
      <Input
        label={t('auth:password.new')}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        error={errors.password}
      />
      <Input
        label={t('auth:password.confirm')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => onConfirmPasswordChange(event.target.value)}
        error={errors.confirmPassword}
      />
    </>
  );
}
