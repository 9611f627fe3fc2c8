import { type CreateRefundBody, createSessionRefund, refundSchema, teamApprovalSchema } from '@gerbang/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

/**
 * The merchant refunds a paid session (fully, or the amount given). `idempotencyKey` is one per
 * form: a double submit, or a retry after a lost answer, is the same refund.
 */
export function useRefundPaymentSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: CreateRefundBody; idempotencyKey: string }) => {
      const response = await api.post(endpointPath(createSessionRefund, sessionId), body, {
        headers: { 'idempotency-key': idempotencyKey },
      });
      // Above the team's approval amount, a member's refund waits for an owner (202).
      return response.status === 202
        ? { waitsForOwner: teamApprovalSchema.parse(response.data) }
        : { refund: refundSchema.parse(response.data) };
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['payment-sessions'] });
      await queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
      // A refund kept for an owner shows among the member's own at once.
      await queryClient.invalidateQueries({ queryKey: ['team', 'approvals'] });
    },
  });
}
