import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useUserPermissions } from '../hooks/use-user-permissions';
import { InviteUserModal } from './invite-user-modal';

/** "Invite User" on a merchant's row: the invited user belongs to that merchant (role Merchant). */
export function InviteMerchantUserButton({ merchant }: { merchant: { id: string; name: string } }) {
  const { t } = useTranslation(['users']);
  const { canInviteMerchantUsers } = useUserPermissions();
  const [isOpen, setOpen] = useState(false);
  if (!canInviteMerchantUsers) return null;
  return (
    <>
      <Button
        variant="secondary"
        aria-label={t('users:actions.inviteToMerchant', { name: merchant.name })}
        onClick={() => setOpen(true)}
      >
        {t('users:actions.invite')}
      </Button>
      {isOpen ? <InviteUserModal roleOptions={[]} merchant={merchant} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
