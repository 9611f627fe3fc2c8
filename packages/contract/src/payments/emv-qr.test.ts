import { describe, expect, it } from 'vitest';
import { crc16, emvField, emvQrWithAmount, parseEmvFields, withEmvCrc } from './emv-qr';

const STATIC = withEmvCrc(
  [
    emvField('00', '01'),
    emvField('01', '11'),
    emvField('26', emvField('00', 'DEV.GERBANG.SIMULATOR') + emvField('02', '081234567890')),
    emvField('52', '0000'),
    emvField('53', '360'),
    emvField('58', 'ID'),
    emvField('59', 'Toko Demo'),
    emvField('60', 'JAKARTA'),
  ].join(''),
);

describe('EMV QR codes', () => {
  it('uses the CRC-16/CCITT-FALSE the EMV QR specification names', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('puts the amount into a static code: dynamic, tag 54 in tag order, a checksum a scanner accepts', () => {
    const qr = emvQrWithAmount(STATIC, '149997');
    const fields = parseEmvFields(qr);
    expect(fields.get('01')).toBe('12');
    expect(fields.get('54')).toBe('149997');
    expect([...fields.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '63']);
    expect(fields.get('63')).toBe(crc16(qr.slice(0, -4)));
    expect(fields.get('26')).toBe(parseEmvFields(STATIC).get('26'));
  });

  it('replaces an amount already there', () => {
    const twice = emvQrWithAmount(emvQrWithAmount(STATIC, '1.00'), '2.50');
    expect(parseEmvFields(twice).get('54')).toBe('2.50');
  });

  it('refuses a payload that is not tag-length-value', () => {
    expect(() => parseEmvFields('00020')).toThrow();
    expect(() => parseEmvFields('0099AB')).toThrow();
  });
});
