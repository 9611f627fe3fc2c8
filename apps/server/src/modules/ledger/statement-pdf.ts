import type { Readable } from 'node:stream';
import type { Language } from '@gerbang/contract';
import PDFDocument from 'pdfkit';
import type { StatementLine } from './merchant-statement';
import { STATEMENT_PDF_TEXTS } from './statement-pdf-texts';

const MARGIN = 40;
const ROW = 14;
/** x of each column: time, type, reference, amount (right-aligned to balance), balance. */
const COLUMNS = { at: MARGIN, type: 150, reference: 255, amount: 395, balance: 470 } as const;
const AMOUNT_WIDTH = 70;

/** 1234567.5 as the language writes it: 1,234,567.5 (en, ph) or 1.234.567,5 (id); a sign kept. */
function grouped(amount: string, language: Language): string {
  const [whole = '', fraction] = amount.replace('-', '').split('.');
  const [thousands, point] = language === 'id' ? ['.', ','] : [',', '.'];
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${amount.startsWith('-') ? '-' : ''}${digits}${fraction ? `${point}${fraction}` : ''}`;
}

/** An instant as the statement prints it: UTC, to the minute (an offset in the query converted). */
const printed = (instant: string) => {
  const iso = new Date(instant).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
};

/** Unsent PDF bytes the reader may run ahead of a slow client by, before it waits for it. */
const BUFFERED_MAX = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A merchant's statement as a PDF (PDFKit, its built-in Helvetica): a title with the merchant and
 * the period, then every line (opening, movements with the balance after each, closing) in a table
 * whose header repeats on every page. The document streams as the lines are read.
 */
export function merchantStatementPdf(
  lines: AsyncIterable<StatementLine[]>,
  header: {
    merchantName: string;
    merchantCode: string;
    currency: string;
    testMode: boolean;
    from: string;
    to: string;
    language: Language;
  },
): Readable {
  const text = STATEMENT_PDF_TEXTS[header.language];
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${text.title} ${header.merchantCode}` } });
  const bottom = doc.page.height - MARGIN;
  let y = MARGIN;

  const tableHeader = () => {
    doc.font('Helvetica-Bold').fontSize(9);
    doc.text(text.columns.at, COLUMNS.at, y, { lineBreak: false });
    doc.text(text.columns.type, COLUMNS.type, y, { lineBreak: false });
    doc.text(text.columns.reference, COLUMNS.reference, y, { lineBreak: false });
    doc.text(text.columns.amount, COLUMNS.amount, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
    doc.text(text.columns.balance, COLUMNS.balance, y, { width: AMOUNT_WIDTH, align: 'right', lineBreak: false });
    y += ROW;
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(doc.page.width - MARGIN, y - 3)
      .strokeColor('#999999')
      .stroke();
    doc.font('Helvetica').fontSize(9);
  };

  /** The text cut (with an ellipsis) to what fits `width` at the current font: a row stays one line. */
  const clip = (value: string, width: number) => {
    if (doc.widthOfString(value) <= width) return value;
    let cut = value;
    while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  };

  const row = (line: StatementLine) => {
    if (y + ROW > bottom) {
      doc.addPage();
      y = MARGIN;
      tableHeader();
    }
    const edge = line.amount === null;
    if (edge) doc.font('Helvetica-Bold');
    doc.text(printed(line.at), COLUMNS.at, y, { lineBreak: false });
    doc.text(clip(text.types[line.type] ?? line.type, 100), COLUMNS.type, y, { lineBreak: false });
    doc.text(clip(line.reference ?? '', 135), COLUMNS.reference, y, { lineBreak: false });
    doc.text(line.amount === null ? '' : grouped(line.amount, header.language), COLUMNS.amount, y, {
      width: AMOUNT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.text(grouped(line.balance, header.language), COLUMNS.balance, y, {
      width: AMOUNT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    if (edge) doc.font('Helvetica');
    y += ROW;
  };

  const title = `${text.title}: ${header.merchantName}${header.testMode ? ` (${text.testMode})` : ''}`;
  doc.font('Helvetica-Bold').fontSize(16).text(title, MARGIN, y);
  y = doc.y + 4;
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(
      text.period
        .replace('{{from}}', printed(header.from))
        .replace('{{to}}', printed(header.to))
        .replace('{{currency}}', header.currency),
      MARGIN,
      y,
    );
  y = doc.y + 12;
  tableHeader();

  void (async () => {
    try {
      for await (const page of lines) {
        // Backpressure: PDFKit buffers whatever it is given, so the reading waits for the client
        // to take what is written, and stops when the client went away.
        while (doc.readableLength > BUFFERED_MAX && !doc.destroyed) await sleep(10);
        if (doc.destroyed) return;
        for (const line of page) row(line);
      }
      doc.end();
    } catch (error) {
      doc.destroy(error as Error);
    }
  })();
  return doc;
}
