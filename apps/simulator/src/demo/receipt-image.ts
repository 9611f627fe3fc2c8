import { crc32, deflateSync } from 'node:zlib';

const WIDTH = 240;
const HEIGHT = 160;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, check]);
}

/**
 * A demo customer's "screenshot" of their transfer: a small PNG (a receipt's green header and grey
 * lines), so the claims queue has a real image to show. Drawn here: no image library for a demo.
 */
export function receiptPng(): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < HEIGHT; y += 1) {
    const row = Buffer.alloc(1 + WIDTH * 3, 0xff);
    row[0] = 0; // filter: none
    for (let x = 0; x < WIDTH; x += 1) {
      const header = y < 36;
      const line = !header && y % 24 >= 14 && y % 24 < 20 && x > 20 && x < (y % 48 < 24 ? 200 : 150);
      const [r, g, b] = header ? [16, 142, 233] : line ? [200, 200, 200] : [255, 255, 255];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
