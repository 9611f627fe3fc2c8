import { type InvitableRoleId, NAME_MAX_LENGTH, type UpdateUserBody, type User } from '@gerbang/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { FormModal } from '../../../components/ui/form-modal';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useFormFieldErrors } from '../../../hooks/use-form-field-errors';
import { useUpdateUser } from '../api/update-user';
import { RoleSelect } from './role-select';

const SHOWN_FIELDS = ['name', 'roleId'] as const;

type EditUserModalProps = { user: User; roleOptions: readonly InvitableRoleId[]; onClose: () => void };

function isOneOf(roleId: number, options: readonly InvitableRoleId[]): roleId is InvitableRoleId {
  return (options as readonly number[]).includes(roleId);
}

/** Rendered only while open, so every opening starts from the user's current values. */
export function EditUserModal({ user, roleOptions, onClose }: EditUserModalProps) {
  const { t } = useTranslation(['users']);
  const update = useUpdateUser();
  const splitError = useFormFieldErrors(SHOWN_FIELDS, { conflictField: 'email' });
  const [name, setName] = useState(user.name);
  const [roleId, setRoleId] = useState<InvitableRoleId | undefined>(
    isOneOf(user.roleId, roleOptions) ? user.roleId : undefined,
  );
  const [nameError, setNameError] = useState<string>();
  const { fieldErrors, formError } = splitError(update.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedName = name.trim();
    const nextNameError = trimmedName ? undefined : t('users:validation.required');
    setNameError(nextNameError);
    if (nextNameError) return;
    // Send only what changed: PATCH semantics, and an unchanged role is no role change in the audit log.
    const body: UpdateUserBody = {};
    if (trimmedName !== user.name) body.name = trimmedName;
    if (roleId !== undefined && roleId !== user.roleId) body.roleId = roleId;
    if (body.name === undefined && body.roleId === undefined) {
      onClose();
      return;
    }
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: (changed) => {
          toast.success(t('users:edit.success', { name: changed.name }));
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={t('users:edit.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      isLoading={update.isPending}
      submitLabel={t('users:edit.submit')}
      cancelLabel={t('users:actions.cancel')}
    >
      {formError ? <FormError>{formError}</FormError> : null}
      <Input label={t('users:fields.email')} name="email" value={user.email} readOnly disabled />
      <Input
        label={t('users:fields.name')}
        name="name"
        autoComplete="off"
        required
        maxLength={NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError ?? fieldErrors.name}
      />
      {roleId === undefined ? null : (
        <RoleSelect value={roleId} options={roleOptions} onChange={setRoleId} error={fieldErrors.roleId} />
      )}
    </FormModal>
  );
}
