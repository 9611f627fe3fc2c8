import { MERCHANT_TEAM_ROLES, type MerchantTeamRole } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useInviteTeamMember } from '../api/team';

const FIELDS = ['email', 'name', 'merchantRole'] as const;

/** Email, name and team role of a new member; they get an activation link by mail. */
export function InviteTeamMemberModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(['team']);
  const invite = useInviteTeamMember();
  const { fieldErrors, formError } = useFormFieldErrors(FIELDS, { conflictField: 'email' })(invite.error);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [merchantRole, setMerchantRole] = useState<MerchantTeamRole>('viewer');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const required = (value: string) => (isSubmitted && !value.trim() ? t('team:required') : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!email.trim() || !name.trim()) return;
    invite.mutate(
      { email: email.trim(), name: name.trim(), merchantRole },
      {
        onSuccess: () => {
          toast.success(t('team:invite.sent', { email: email.trim() }));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={t('team:invite.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={invite.isPending}
      submitLabel={t('team:invite.submit')}
    >
      {formError ? <FormError>{formError}</FormError> : null}
      <Input
        label={t('team:fields.email')}
        name="email"
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={required(email) ?? fieldErrors.email}
      />
      <Input
        label={t('team:fields.name')}
        name="name"
        required
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={required(name) ?? fieldErrors.name}
      />
      <Select
        label={t('team:fields.role')}
        name="merchantRole"
        value={merchantRole}
        onChange={(event) => setMerchantRole(event.target.value as MerchantTeamRole)}
        options={MERCHANT_TEAM_ROLES.map((role) => ({ value: role, label: t(`team:roles.${role}`) }))}
        error={fieldErrors.merchantRole}
      />
      <p className="text-sm text-gray-600 dark:text-gray-300">{t(`team:roleHelp.${merchantRole}`)}</p>
    </FormModal>
  );
}
