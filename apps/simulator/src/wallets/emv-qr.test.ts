import { crc16, parseEmvFields } from '@gerbang/contract';
import { describe, expect, it } from 'vitest';
import { emvQrFor, SIMULATED_QR_GUI } from './emv-qr';

describe('simulated account QR codes', () => {
  it('carry the account, its currency and country, and a checksum a scanner accepts', () => {
    const qr = emvQrFor({ id: 'a', provider: 'maya', accountNumber: '09171234567' }, 'Juan Dela Cruz');
    const fields = parseEmvFields(qr);
    expect(fields.get('53')).toBe('608');
    expect(fields.get('58')).toBe('PH');
    expect(fields.get('59')).toBe('Juan Dela Cruz');
    expect(fields.get('26')).toContain(SIMULATED_QR_GUI);
    expect(fields.get('26')).toContain('09171234567');
    expect(fields.get('63')).toBe(crc16(qr.slice(0, -4)));
  });

  it('an Indonesian account gets rupiah and ID', () => {
    const fields = parseEmvFields(emvQrFor({ id: 'a', provider: 'livin', accountNumber: '1234567890123' }, ''));
    expect(fields.get('53')).toBe('360');
    expect(fields.get('58')).toBe('ID');
    expect(fields.get('59')).toBe('SIMULATED ACCOUNT');
  });
});
