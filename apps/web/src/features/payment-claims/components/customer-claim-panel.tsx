import { CLAIM_PROOF_MAX_BYTES, CLAIMS_PER_SESSION_MAX, type CustomerClaim, type DepositView } from '@gerbang/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Input } from '../../../components/ui/input';
import { PublicApiError } from '../../../lib/public-api';
import { fetchCustomerClaims, fileCustomerClaim, readAsBase64 } from '../api/customer-claims';

/** While a claim waits, the page asks for its answer this often. */
const CLAIM_POLL_MS = 15_000;
const FIELDS = ['senderName', 'sentAt', 'amount', 'proof'] as const;

/** "now" as a datetime-local input's value, in the phone's time zone. */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function Outcome({ claim, merchant }: { claim: CustomerClaim; merchant: string }) {
  const { t } = useTranslation(['claims']);
  const tone =
    claim.status === 'rejected'
      ? 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100'
      : 'bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100';
  return (
    <div role="status" className={`flex flex-col gap-1 rounded-md p-3 text-sm ${tone}`}>
      <p className="font-medium">{t(`claims:customer.outcomes.${claim.status}`, { merchant })}</p>
      {claim.message ? <p>{claim.message}</p> : null}
    </div>
  );
}

/**
 * "I paid but it is not confirmed", on the deposit page while the payment is processing or after
 * its time ran out: the customer says who sent how much when, with a screenshot if they have one,
 * and reads the answer here (the page keeps asking while the claim waits).
 */
export default function CustomerClaimPanel({ view }: { view: DepositView }) {
  const { t } = useTranslation(['claims']);
  const [claims, setClaims] = useState<CustomerClaim[] | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [fields, setFields] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [senderName, setSenderName] = useState('');
  const [sentAt, setSentAt] = useState(localNow);
  const [amount, setAmount] = useState(view.finalAmount);
  const [proof, setProof] = useState<File | null>(null);

  const load = useCallback(() => {
    // A read that fails keeps what the page showed (a poll must not turn an open claim into none).
    fetchCustomerClaims(view.id).then(setClaims, () => setClaims((shown) => shown ?? []));
  }, [view.id]);
  useEffect(load, [load]);
  const latest = claims?.[0];
  useEffect(() => {
    if (latest?.status !== 'open') return;
    const timer = setInterval(load, CLAIM_POLL_MS);
    return () => clearInterval(timer);
  }, [latest?.status, load]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (proof && proof.size > CLAIM_PROOF_MAX_BYTES) {
      setFields({ proof: t('claims:customer.errors.proofTooLarge') });
      return;
    }
    const sent = new Date(sentAt);
    if (Number.isNaN(sent.getTime())) {
      setFields({ sentAt: t('claims:customer.errors.sentAt') });
      return;
    }
    setBusy(true);
    try {
      const next = await fileCustomerClaim(view.id, {
        senderName,
        sentAt: sent.toISOString(),
        amount,
        ...(proof ? { proof: await readAsBase64(proof) } : {}),
      });
      setClaims(next);
      setFormOpen(false);
      setFields({});
    } catch (error) {
      const failure = error instanceof PublicApiError ? error : new PublicApiError('NETWORK', 0);
      const named = FIELDS.filter((field) => failure.fields[`body.${field}`]);
      setFields(Object.fromEntries(named.map((field) => [field, t(`claims:customer.errors.${field}`)])));
      if (named.length === 0) {
        setProblem(
          t(`claims:customer.errors.${failure.code}`, { defaultValue: t('claims:customer.errors.unexpected') }),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  if (claims === null) return null;
  const mayFile = (!latest || latest.status === 'rejected') && claims.length < CLAIMS_PER_SESSION_MAX;
  return (
    <section
      aria-labelledby="claim-heading"
      className="flex flex-col gap-3 border-t border-gray-200 pt-4 dark:border-gray-700"
    >
      <h2 id="claim-heading" className="text-sm font-semibold">
        {t('claims:customer.heading')}
      </h2>
      {latest ? <Outcome claim={latest} merchant={view.merchantName} /> : null}
      {mayFile && !isFormOpen ? (
        <Button variant="secondary" className="w-full" onClick={() => setFormOpen(true)}>
          {t(latest ? 'claims:customer.fileAgain' : 'claims:customer.open')}
        </Button>
      ) : null}
      {isFormOpen ? (
        <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('claims:customer.intro')}</p>
          <Input
            label={t('claims:customer.senderName')}
            name="senderName"
            required
            maxLength={100}
            autoComplete="name"
            value={senderName}
            onChange={(event) => setSenderName(event.target.value)}
            error={fields.senderName}
          />
          <Input
            label={t('claims:customer.sentAt')}
            name="sentAt"
            type="datetime-local"
            required
            value={sentAt}
            onChange={(event) => setSentAt(event.target.value)}
            error={fields.sentAt}
          />
          <Input
            label={t('claims:customer.amount', { currency: view.currency })}
            name="amount"
            inputMode="decimal"
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={fields.amount}
          />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('claims:customer.proof')}
            <input
              type="file"
              name="proof"
              accept="image/jpeg,image/png,image/webp"
              className="text-sm"
              aria-describedby={fields.proof ? 'claim-proof-error' : 'claim-proof-hint'}
              aria-invalid={fields.proof ? true : undefined}
              onChange={(event) => setProof(event.target.files?.[0] ?? null)}
            />
            <span id="claim-proof-hint" className="text-xs font-normal text-gray-600 dark:text-gray-400">
              {t('claims:customer.proofHint')}
            </span>
            {fields.proof ? (
              <span id="claim-proof-error" className="text-xs font-normal text-red-700 dark:text-red-300">
                {fields.proof}
              </span>
            ) : null}
          </label>
          {problem ? <FormError>{problem}</FormError> : null}
          <Button type="submit" className="w-full" isLoading={isBusy}>
            {t('claims:customer.submit')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
