import type { MayaPaymentWay, PaymentInstructions } from '@gerbang/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Maya = Extract<PaymentInstructions, { kind: 'maya' }>;

/**
 * A Maya account's three ways to be paid, each with its own instructions: Maya to Maya by its
 * mobile number, by its QR (the amount in it), or from any bank by InstaPay to its account at Maya
 * Bank. The customer picks one; the amount to send is the same.
 */
export function MayaInstructions({
  instructions,
  amountRow,
  numberRow,
  qrBlock,
}: {
  instructions: Maya;
  amountRow: ReactNode;
  /** The account's mobile number with a Copy button, under the label given. */
  numberRow: (label: string) => ReactNode;
  /** The QR with the amount in it, as a DANA account's is shown. */
  qrBlock: (qr: string) => ReactNode;
}) {
  const { t } = useTranslation(['deposit']);
  const [way, setWay] = useState<MayaPaymentWay>(instructions.ways[0] ?? 'maya_to_maya_phone_number');
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('deposit:maya.legend')}</legend>
        {instructions.ways.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="maya-way"
              className="size-4"
              value={option}
              checked={way === option}
              onChange={() => setWay(option)}
            />
            {t(`deposit:maya.ways.${option}`)}
          </label>
        ))}
      </fieldset>
      {way === 'maya_to_maya_qr' && instructions.qr ? (
        qrBlock(instructions.qr)
      ) : way === 'maya_to_bank' ? (
        <>
          <p className="text-sm">{t('deposit:maya.bank')}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm">
            <dt className="text-gray-600 dark:text-gray-400">{t('deposit:labels.bankName')}</dt>
            <dd className="text-right font-medium">{instructions.bankName}</dd>
            <dt className="text-gray-600 dark:text-gray-400">{t('deposit:labels.bankUserName')}</dt>
            <dd className="text-right font-medium">{instructions.accountName}</dd>
          </dl>
          {numberRow(t('deposit:labels.accountNumber'))}
        </>
      ) : (
        <>
          <p className="text-sm">{t('deposit:maya.phone')}</p>
          {numberRow(t('deposit:labels.phoneNumber'))}
          <p className="text-sm font-medium">{instructions.accountName}</p>
        </>
      )}
      {amountRow}
    </div>
  );
}
