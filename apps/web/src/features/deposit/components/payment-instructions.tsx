import type { DepositView, PaymentInstructions as Instructions } from '@gerbang/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useCopyToClipboard } from '../../../hooks/use-copy-to-clipboard';
import { useFormatMoney } from '../../../hooks/use-format-money';
import { MayaInstructions } from './maya-instructions';

// The QR generator is loaded only when a QR is shown.
const QrImage = lazy(() => import('../../../components/ui/qr-image'));

function CopyRow({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation(['deposit']);
  const copy = useCopyToClipboard();
  return (
    <div className="flex items-center justify-between gap-3 rounded-md bg-gray-50 px-3 py-2 dark:bg-gray-800">
      <div className="min-w-0">
        <div className="text-xs text-gray-600 dark:text-gray-400">{label}</div>
        <div className="font-mono text-base font-semibold break-all">{value}</div>
      </div>
      <Button variant="ghost" aria-label={copyLabel} onClick={() => void copy(value)}>
        {t('deposit:copy')}
      </Button>
    </div>
  );
}

/** Where to pay: the QR with the amount in it (DANA), Maya's three ways, or the bank account (Livin'). */
export function PaymentInstructions({ view, instructions }: { view: DepositView; instructions: Instructions }) {
  const { t } = useTranslation(['deposit']);
  const money = useFormatMoney();
  const method = t(`common:providers.${instructions.provider}`);
  const amount = money(view.finalAmount, view.currency);
  const amountRow = (
    <CopyRow label={t('deposit:labels.finalPayment')} value={view.finalAmount} copyLabel={t('deposit:copyAmount')} />
  );
  /** A QR with the amount in it (a DANA account's, or a Maya account's), and whose it is. */
  const qrBlock = (qr: string, accountName: string) => (
    <div className="flex flex-col items-center gap-3">
      <p className="text-sm">{t('deposit:scanQr', { method })}</p>
      <Suspense fallback={<Spinner className="size-10" />}>
        <QrImage payload={qr} label={t('deposit:qrLabel', { amount, method })} />
      </Suspense>
      <p className="text-sm font-medium">{accountName}</p>
    </div>
  );
  if (instructions.kind === 'maya') {
    return (
      <MayaInstructions
        instructions={instructions}
        amountRow={amountRow}
        numberRow={(label) => (
          <CopyRow label={label} value={instructions.phoneNumber} copyLabel={t('deposit:maya.copyNumber')} />
        )}
        qrBlock={(qr) => qrBlock(qr, instructions.accountName)}
      />
    );
  }
  if (instructions.kind === 'qr') {
    return (
      <div className="flex flex-col items-center gap-3">
        {qrBlock(instructions.qr, instructions.accountName)}
        <div className="w-full">{amountRow}</div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">{t('deposit:transferExactly')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm">
        <dt className="text-gray-600 dark:text-gray-400">{t('deposit:labels.bankName')}</dt>
        <dd className="text-right font-medium">{instructions.bankName}</dd>
        <dt className="text-gray-600 dark:text-gray-400">{t('deposit:labels.holderName')}</dt>
        <dd className="text-right font-medium">{instructions.holderName}</dd>
      </dl>
      <CopyRow
        label={t('deposit:labels.accountNumber')}
        value={instructions.accountNumber}
        copyLabel={t('deposit:copyAccountNumber')}
      />
      {amountRow}
    </div>
  );
}
