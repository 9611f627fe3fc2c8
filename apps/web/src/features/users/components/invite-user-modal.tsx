import { type InvitableRoleId, NAME_MAX_LENGTH, ROLE } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useInviteUser } from '../api/invite-user';
import { RoleSelect } from './role-select';

const SHOWN_FIELDS = ['email', 'name', 'roleId'] as const;
// A light check for an obvious typo; the server's schema has the final word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type InviteUserModalProps = {
  /** Console staff roles the actor may give; ignored when inviting into a merchant. */
  roleOptions: readonly InvitableRoleId[];
  /** Invite a Merchant user of this merchant instead of console staff. */
  merchant?: { id: string; name: string };
  onClose: () => void;
};

/** Rendered only while open, so every opening starts with an empty form. */
export function InviteUserModal({ roleOptions, merchant, onClose }: InviteUserModalProps) {
  const { t } = useTranslation(['users']);
  const invite = useInviteUser();
  const splitError = useFormFieldErrors(SHOWN_FIELDS, { conflictField: 'email' });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState<InvitableRoleId | undefined>(roleOptions[0]);
  const [localErrors, setLocalErrors] = useState<{ email?: string; name?: string }>({});
  const { fieldErrors, formError } = splitError(invite.error);

  const validateEmail = (value: string): string | undefined => {
    if (!value) return t('users:validation.required');
    if (!EMAIL_PATTERN.test(value)) return t('users:validation.invalidEmail');
    return undefined;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const trimmedName = name.trim();
    const nextErrors = {
      email: validateEmail(trimmedEmail),
      name: trimmedName ? undefined : t('users:validation.required'),
    };
    setLocalErrors(nextErrors);
    if (nextErrors.email || nextErrors.name) return;
    const target = merchant ? { roleId: ROLE.Merchant, merchantId: merchant.id } : roleId && { roleId };
    if (!target) return;
    invite.mutate(
      { email: trimmedEmail, name: trimmedName, ...target },
      {
        onSuccess: (user) => {
          toast.success(t('users:invite.success', { email: user.email }));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={merchant ? t('users:invite.merchantTitle', { name: merchant.name }) : t('users:invite.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={invite.isPending}
      submitLabel={t('users:invite.submit')}
      cancelLabel={t('users:actions.cancel')}
    >
      <p className="text-sm text-gray-600 dark:text-gray-300">
        {merchant ? t('users:invite.merchantIntro', { name: merchant.name }) : t('users:invite.intro')}
      </p>
      {formError ? <FormError>{formError}</FormError> : null}
      <Input
        label={t('users:fields.email')}
        name="email"
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={localErrors.email ?? fieldErrors.email}
      />
      <Input
        label={t('users:fields.name')}
        name="name"
        autoComplete="off"
        required
        maxLength={NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={localErrors.name ?? fieldErrors.name}
      />
      {merchant || roleId === undefined ? null : (
        <RoleSelect value={roleId} options={roleOptions} onChange={setRoleId} error={fieldErrors.roleId} />
      )}
    </FormModal>
  );
}
