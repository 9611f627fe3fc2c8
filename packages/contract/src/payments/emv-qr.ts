/**
 * EMV merchant-presented QR codes (the format behind QRIS in Indonesia and QR Ph in the
 * Philippines): tag-length-value fields, ending with tag 63, a CRC-16/CCITT-FALSE over everything
 * before it including "6304". Shared by the simulator (which draws an account's static code) and
 * the server (which puts a session's final amount into it).
 */

export function emvField(tag: string, value: string): string {
  if (value.length > 99) throw new Error(`EMV field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as EMVCo's QR specification requires. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Ends a payload with its CRC field. */
export function withEmvCrc(body: string): string {
  const withCrcTag = `${body}6304`;
  return `${withCrcTag}${crc16(withCrcTag)}`;
}

/** Splits an EMV QR payload into its top-level fields, in order. */
export function parseEmvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(payload.slice(at + 2, at + 4)) || at + 4 + length > payload.length) {
      throw new Error(`malformed EMV field at ${at}`);
    }
    fields.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/**
 * The account's static code made dynamic for one payment: point of initiation "12" and the amount
 * (tag 54, a plain decimal) set, so the customer's app fills in the exact final amount. Fields stay
 * in ascending tag order, as the specification asks; the CRC is computed again.
 */
export function emvQrWithAmount(payload: string, amount: string): string {
  const fields = parseEmvFields(payload);
  fields.delete('63');
  fields.set('01', '12');
  fields.set('54', amount);
  const body = [...fields.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([tag, value]) => emvField(tag, value))
    .join('');
  return withEmvCrc(body);
}
