import { exportMerchantStatement, type Language } from '@gerbang/contract';
import { downloadCsv } from '../../../lib/download-csv';

/** The signed-in merchant's statement for [from, to) (instants), as CSV or a PDF in `language`, saved as the server names it. */
export function downloadStatement(
  from: string,
  to: string,
  format: 'csv' | 'pdf' = 'csv',
  language: Language = 'en',
): Promise<void> {
  const query = format === 'pdf' ? { from, to, format, language } : { from, to };
  return downloadCsv(exportMerchantStatement.path, query, `statement.${format}`);
}
