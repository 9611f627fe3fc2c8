import type { DepositView, WalletProvider } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

type MethodPickerProps = {
  view: DepositView;
  isBusy: boolean;
  onChoose: (method: WalletProvider) => void;
};

/** Step one of the deposit flow: the merchant's methods, one button each. */
export function MethodPicker({ view, isBusy, onChoose }: MethodPickerProps) {
  const { t } = useTranslation(['deposit']);
  return (
    <fieldset className="flex flex-col gap-2" disabled={isBusy}>
      <legend className="mb-2 text-sm font-semibold">{t('deposit:chooseMethod')}</legend>
      {view.methods.map((method) => (
        <Button
          key={method}
          variant="secondary"
          className="w-full justify-start"
          isLoading={isBusy}
          onClick={() => onChoose(method)}
        >
          {t('deposit:payWith', { method: t(`common:providers.${method}`) })}
        </Button>
      ))}
    </fieldset>
  );
}
