import type { Language } from '@gerbang/contract';

type Texts = {
  title: string;
  /** After the merchant's name on a test mode statement (a test twin's: docs/test-mode.md). */
  testMode: string;
  /** {{from}}, {{to}}, {{currency}}. */
  period: string;
  columns: { at: string; type: string; reference: string; amount: string; balance: string };
  types: Record<string, string>;
};

/** The statement PDF's words in each console language (the CSV keeps the contract's type codes). */
export const STATEMENT_PDF_TEXTS: Record<Language, Texts> = {
  en: {
    title: 'Statement',
    testMode: 'TEST MODE: no real money',
    period: 'From {{from}} to {{to}} (UTC), in {{currency}}',
    columns: { at: 'Time (UTC)', type: 'Type', reference: 'Reference', amount: 'Amount', balance: 'Balance' },
    types: {
      opening_balance: 'Opening balance',
      deposit: 'Deposit',
      manual_credit: 'Manual credit',
      withdrawal_hold: 'Withdrawal',
      withdrawal_release: 'Withdrawal returned',
      refund_hold: 'Refund',
      refund_release: 'Refund returned',
      payout_charged: 'Payout charged',
      adjustment: 'Adjustment',
      closing_balance: 'Closing balance',
    },
  },
  id: {
    title: 'Laporan rekening',
    testMode: 'MODE UJI: bukan uang sungguhan',
    period: 'Dari {{from}} sampai {{to}} (UTC), dalam {{currency}}',
    columns: { at: 'Waktu (UTC)', type: 'Jenis', reference: 'Referensi', amount: 'Jumlah', balance: 'Saldo' },
    types: {
      opening_balance: 'Saldo awal',
      deposit: 'Deposit',
      manual_credit: 'Kredit manual',
      withdrawal_hold: 'Penarikan',
      withdrawal_release: 'Penarikan dikembalikan',
      refund_hold: 'Refund',
      refund_release: 'Refund dikembalikan',
      payout_charged: 'Pembayaran dibebankan',
      adjustment: 'Penyesuaian',
      closing_balance: 'Saldo akhir',
    },
  },
  ph: {
    title: 'Statement',
    testMode: 'TEST MODE: walang totoong pera',
    period: 'Mula {{from}} hanggang {{to}} (UTC), sa {{currency}}',
    columns: { at: 'Oras (UTC)', type: 'Uri', reference: 'Reference', amount: 'Halaga', balance: 'Balanse' },
    types: {
      opening_balance: 'Panimulang balanse',
      deposit: 'Deposito',
      manual_credit: 'Manwal na credit',
      withdrawal_hold: 'Withdrawal',
      withdrawal_release: 'Ibinalik na withdrawal',
      refund_hold: 'Refund',
      refund_release: 'Ibinalik na refund',
      payout_charged: 'Siningil na payout',
      adjustment: 'Adjustment',
      closing_balance: 'Pangwakas na balanse',
    },
  },
};
