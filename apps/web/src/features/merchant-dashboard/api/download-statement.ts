import { exportMerchantStatement } from '@gerbang/contract';
import { downloadCsv } from '../../../lib/download-csv';

/** The signed-in merchant's statement for [from, to) (instants), saved as the server names it. */
export function downloadStatement(from: string, to: string): Promise<void> {
  return downloadCsv(exportMerchantStatement.path, { from, to }, 'statement.csv');
}
