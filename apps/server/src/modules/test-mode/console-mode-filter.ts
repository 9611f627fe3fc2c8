import type { Mode } from '@gerbang/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { merchantScopeOf } from '../../http/authenticate';

/**
 * A console list's filter by mode: a Merchant user's own merchant's rows (its test twin's in test
 * mode: the request's merchant already is), whatever `merchantId` says; an operator's of any
 * merchant, live unless it asks for test mode's (a merchant named then is its test twin: test
 * rows are the twin's).
 */
export async function consoleModeFilter<F extends { merchantId?: string }>(
  ctx: AppContext,
  request: FastifyRequest,
  query: F & { mode?: Mode },
): Promise<F & { livemode?: boolean }> {
  const { mode, ...rest } = query;
  const filter = rest as unknown as F;
  const scope = merchantScopeOf(request);
  if (scope) return { ...filter, merchantId: scope };
  if (mode !== 'test') return { ...filter, livemode: true };
  const twin = filter.merchantId ? await ctx.testTwins.existingTwinOf(filter.merchantId) : null;
  return { ...filter, merchantId: twin ?? filter.merchantId, livemode: false };
}
