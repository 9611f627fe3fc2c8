import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/**
 * The live merchant's terms its twin follows (what the operator set): a test payment costs what a
 * live one would. The twin keeps its own callback URL, webhook secret, endpoints and tokens.
 */
const FOLLOWED_COLUMNS = [
  'name',
  'status',
  'deposit_fee_basis_points',
  'deposit_fee_fixed_minor',
  'withdrawal_fee_basis_points',
  'withdrawal_fee_fixed_minor',
  'min_amount_minor',
  'max_amount_minor',
  'allowed_methods',
  'embed_origins',
  'payment_time_limit_minutes',
  'payout_name_policy',
] as const;
export const followedTerms = sql.raw(FOLLOWED_COLUMNS.join(', '));

/** After an operator changed a live merchant: its twin takes the followed terms (none: nothing happens). */
export async function followLiveTerms(db: Database, liveMerchantId: string): Promise<void> {
  await db.execute(sql`
    update merchants t set (${followedTerms}) = (select ${followedTerms} from merchants l where l.id = ${liveMerchantId}::uuid),
      updated_at = now()
    where t.live_merchant_id = ${liveMerchantId}::uuid`);
}
