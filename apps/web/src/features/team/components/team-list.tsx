import { MERCHANT_TEAM_ROLES, type MerchantTeamRole, type TeamMember } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Table, type TableColumn } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useFormatDateTime } from '../../../hooks/use-format-date-time';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useChangeTeamRole, useSetTeamMemberEnabled, useTeam, useTeamPolicy, useUpdateTeamPolicy } from '../api/team';
import { InviteTeamMemberModal } from './invite-team-member-modal';

/** The owner's view of the team: members and their roles, invitations, and the second-factor rule. */
export function TeamList() {
  const { t } = useTranslation(['team']);
  const { user } = useSession();
  const formatDateTime = useFormatDateTime();
  const apiErrorMessage = useApiErrorMessage();
  const team = useTeam();
  const changeRole = useChangeTeamRole();
  const setEnabled = useSetTeamMemberEnabled();
  const policy = useTeamPolicy();
  const updatePolicy = useUpdateTeamPolicy();
  const [isInviting, setIsInviting] = useState(false);
  const onError = (error: unknown) => toast.error(apiErrorMessage(error));

  const columns: TableColumn<TeamMember>[] = [
    {
      key: 'name',
      header: t('team:fields.name'),
      cell: (member) => (
        <div className="flex flex-col">
          <span className="font-medium">{member.name}</span>
          <span className="text-xs text-gray-600 dark:text-gray-400">{member.email}</span>
        </div>
      ),
    },
    {
      key: 'role',
      header: t('team:fields.role'),
      cell: (member) =>
        member.id === user?.id ? (
          t(`team:roles.${member.merchantRole ?? 'owner'}`)
        ) : (
          <select
            aria-label={t('team:roleOf', { name: member.name })}
            className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm dark:border-gray-600 dark:bg-gray-800"
            value={member.merchantRole ?? 'viewer'}
            onChange={(event) =>
              changeRole.mutate({ id: member.id, merchantRole: event.target.value as MerchantTeamRole }, { onError })
            }
          >
            {MERCHANT_TEAM_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`team:roles.${role}`)}
              </option>
            ))}
          </select>
        ),
    },
    {
      key: 'status',
      header: t('team:fields.status'),
      cell: (member) => (
        <Badge tone={member.status === 'active' ? 'green' : member.status === 'invited' ? 'blue' : 'gray'}>
          {t(`team:statuses.${member.status}`)}
        </Badge>
      ),
    },
    {
      key: 'secondFactor',
      header: t('team:fields.secondFactor'),
      cell: (member) => (member.secondFactorEnrolled ? t('team:secondFactor.on') : t('team:secondFactor.off')),
    },
    {
      key: 'lastLogin',
      header: t('team:fields.lastLogin'),
      cell: (member) => (member.lastLoginAt ? formatDateTime(member.lastLoginAt) : t('team:never')),
    },
    {
      key: 'actions',
      header: t('team:fields.actions'),
      cell: (member) =>
        member.id === user?.id ? null : (
          <Button
            variant={member.status === 'disabled' ? 'secondary' : 'danger'}
            aria-label={t(member.status === 'disabled' ? 'team:enableOne' : 'team:disableOne', { name: member.name })}
            onClick={() => setEnabled.mutate({ id: member.id, enabled: member.status === 'disabled' }, { onError })}
          >
            {member.status === 'disabled' ? t('team:enable') : t('team:disable')}
          </Button>
        ),
    },
  ];

  return (
    <section aria-labelledby="team-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="team-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('team:heading')}
        </h2>
        <Button onClick={() => setIsInviting(true)}>{t('team:invite.open')}</Button>
      </div>
      {policy.data ? (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="secondFactorRequired"
            className="mt-0.5 size-4"
            checked={policy.data.secondFactorRequired}
            disabled={updatePolicy.isPending}
            onChange={(event) => updatePolicy.mutate({ secondFactorRequired: event.target.checked }, { onError })}
          />
          <span>{t('team:requireSecondFactor')}</span>
        </label>
      ) : null}
      {team.isError ? (
        <FormError>{apiErrorMessage(team.error)}</FormError>
      ) : (
        <Table
          columns={columns}
          rows={team.data ?? []}
          getRowKey={(member) => member.id}
          isLoading={team.isPending}
          emptyMessage={t('team:empty')}
          caption={t('team:heading')}
        />
      )}
      {isInviting ? <InviteTeamMemberModal onClose={() => setIsInviting(false)} /> : null}
    </section>
  );
}
