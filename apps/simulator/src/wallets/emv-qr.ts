import { CURRENCY_OF_PROVIDER, type WalletAccountRef } from '@gerbang/contract';

/**
 * A static EMV merchant-presented QR (the format behind QRIS in Indonesia and QR Ph in the
 * Philippines): tag-length-value fields, ending with tag 63, a CRC-16/CCITT-FALSE over everything
 * before it including "6304". The merchant-account template names the simulator, so a simulated
 * code can never be mistaken for a real provider's.
 */
const ISO_4217_NUMERIC = { IDR: '360', PHP: '608' } as const;
const COUNTRY_OF_CURRENCY = { IDR: 'ID', PHP: 'PH' } as const;
const CITY_OF_CURRENCY = { IDR: 'JAKARTA', PHP: 'MANILA' } as const;
export const SIMULATED_QR_GUI = 'DEV.GERBANG.SIMULATOR';

function field(tag: string, value: string): string {
  if (value.length > 99) throw new Error(`EMV field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as EMVCo's QR specification requires. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

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
  const withCrcTag = `${body}6304`;
  return `${withCrcTag}${crc16(withCrcTag)}`;
}

/** Splits an EMV QR payload into its top-level fields (for tests and for the demo's printout). */
export function parseEmvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(length)) throw new Error(`malformed EMV field at ${at}`);
    fields.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}
