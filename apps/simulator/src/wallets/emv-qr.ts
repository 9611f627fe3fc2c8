import { CURRENCY_OF_PROVIDER, emvField as field, type WalletAccountRef, withEmvCrc } from '@gerbang/contract';

/**
 * A static EMV merchant-presented QR (contract `payments/emv-qr.ts`). The merchant-account template names the simulator, so a simulated
 * code can never be mistaken for a real provider's.
 */
const ISO_4217_NUMERIC = { IDR: '360', PHP: '608' } as const;
const COUNTRY_OF_CURRENCY = { IDR: 'ID', PHP: 'PH' } as const;
const CITY_OF_CURRENCY = { IDR: 'JAKARTA', PHP: 'MANILA' } as const;
export const SIMULATED_QR_GUI = 'DEV.GERBANG.SIMULATOR';

export function emvQrFor(account: WalletAccountRef, holderName: string): string {
  const currency = CURRENCY_OF_PROVIDER[account.provider];
  const name = holderName.replace(/[^A-Za-z0-9 .'-]/g, '').slice(0, 25) || 'SIMULATED ACCOUNT';
  const body = [
    field('00', '01'),
    field('01', '11'), // static: the payer types the amount
    field(
      '26',
      field('00', SIMULATED_QR_GUI) + field('01', account.provider.toUpperCase()) + field('02', account.accountNumber),
    ),
    field('52', '0000'),
    field('53', ISO_4217_NUMERIC[currency]),
    field('58', COUNTRY_OF_CURRENCY[currency]),
    field('59', name),
    field('60', CITY_OF_CURRENCY[currency]),
  ].join('');
  return withEmvCrc(body);
}
