import type { WalletAccountStatus, WalletHealthState, WalletLoginStatus } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const STATUS_TONE: Record<WalletAccountStatus, BadgeTone> = { active: 'green', disabled: 'gray', auto_disabled: 'red' };
const LOGIN_TONE: Record<WalletLoginStatus, BadgeTone> = {
  logged_out: 'gray',
  logging_in: 'amber',
  logged_in: 'green',
  failed: 'red',
  session_expired: 'red',
};
const HEALTH_TONE: Record<WalletHealthState, BadgeTone> = {
  healthy: 'green',
  failing: 'red',
  checking: 'amber',
  unknown: 'gray',
};

/** Each badge says its state in words; the colour only backs it up. */
export function WalletStatusBadge({ status }: { status: WalletAccountStatus }) {
  const { t } = useTranslation(['wallets']);
  return <Badge tone={STATUS_TONE[status]}>{t(`wallets:status.${status}`)}</Badge>;
}

export function WalletLoginBadge({ status }: { status: WalletLoginStatus }) {
  const { t } = useTranslation(['wallets']);
  return <Badge tone={LOGIN_TONE[status]}>{t(`wallets:loginStatus.${status}`)}</Badge>;
}

export function WalletHealthBadge({ state }: { state: WalletHealthState }) {
  const { t } = useTranslation(['wallets']);
  return <Badge tone={HEALTH_TONE[state]}>{t(`wallets:healthState.${state}`)}</Badge>;
}
