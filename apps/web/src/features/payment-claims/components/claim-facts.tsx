import type { CustomerClaim, PaymentClaimStatus } from '@gerbang/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useClaimProofUrl } from '../api/payment-claims';

const STATUS_TONES: Record<PaymentClaimStatus, BadgeTone> = {
  open: 'amber',
  matched: 'green',
  credited: 'green',
  rejected: 'red',
};

export function ClaimStatusBadge({ status }: { status: PaymentClaimStatus }) {
  const { t } = useTranslation(['claims']);
  return <Badge tone={STATUS_TONES[status]}>{t(`claims:statuses.${status}`)}</Badge>;
}

/** The customer's proof image, fetched when asked for (it is the customer's data: not loaded by default). */
export function ClaimProof({ claim }: { claim: Pick<CustomerClaim, 'id' | 'hasProof' | 'senderName'> }) {
  const { t } = useTranslation(['claims']);
  const apiErrorMessage = useApiErrorMessage();
  const [isShown, setIsShown] = useState(false);
  const proof = useClaimProofUrl(claim.id, isShown);
  if (!claim.hasProof) return <span className="text-xs text-gray-600 dark:text-gray-400">{t('claims:noProof')}</span>;
  if (!isShown) {
    return (
      <Button variant="secondary" onClick={() => setIsShown(true)}>
        {t('claims:actions.showProof')}
      </Button>
    );
  }
  if (proof.isError) return <FormError>{apiErrorMessage(proof.error)}</FormError>;
  if (!proof.url) return <Spinner isDecorative />;
  return (
    <img
      src={proof.url}
      alt={t('claims:proofAlt', { name: claim.senderName })}
      className="max-h-96 max-w-full rounded-md border border-gray-200 dark:border-gray-700"
    />
  );
}
