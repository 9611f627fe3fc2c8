/** What the example shop sells: amounts in whole rupiah, as decimal strings (money is never a float). */
export const PRODUCTS = [
  { id: 'kopi', name: 'Kopi Toraja, 250 g', amount: '85000' },
  { id: 'teh', name: 'Teh Melati, 100 g', amount: '32000' },
  { id: 'batik', name: 'Batik scarf', amount: '245000' },
] as const;
export type Product = (typeof PRODUCTS)[number];

export type OrderStatus = 'awaiting_payment' | 'paid' | 'expired' | 'failed' | 'refund_requested' | 'refunded';

/** An order of the shop: its own id is the session's reference number and idempotency key. */
export type Order = {
  id: string;
  product: Product;
  status: OrderStatus;
  sessionId: string | null;
  paymentUrl: string | null;
  /** Where the customer names the account a refund goes to, when its payment named none. */
  refundUrl?: string | null;
  createdAt: string;
};
