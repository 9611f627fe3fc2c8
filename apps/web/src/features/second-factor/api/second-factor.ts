import {
  type CodeBody,
  confirmTotpEnrolment,
  type OwnSecondFactors,
  ownSecondFactors,
  ownSecondFactorsSchema,
  type RecoveryCodes,
  recoveryCodesSchema,
  regenerateRecoveryCodes,
  removeSecondFactor,
  resetUserSecondFactor,
  type SecondFactorPolicy,
  type StepUpResponse,
  secondFactorPolicy,
  secondFactorPolicySchema,
  startTotpEnrolment,
  stepUp,
  stepUpResponseSchema,
  type TotpEnrolment,
  totpEnrolmentSchema,
  updateSecondFactorPolicy,
} from '@gerbang/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { useSession } from '../../../lib/session';

export const ownSecondFactorsQuery = queryOptions({
  queryKey: ['auth', 'second-factor'],
  queryFn: async (): Promise<OwnSecondFactors> =>
    ownSecondFactorsSchema.parse((await api.get(ownSecondFactors.path)).data),
});

/** The signed-in user's factors: the app, its passkeys, recovery codes left. */
export function useOwnSecondFactors() {
  return useQuery(ownSecondFactorsQuery);
}

/** After a factor changed: the list, and the current user (enrolled or not: the guard and the pages follow it). */
export function useRefreshFactorsAfter() {
  const queryClient = useQueryClient();
  const { refetchUser } = useSession();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ownSecondFactorsQuery.queryKey });
    void refetchUser();
  };
}

export function useStartTotpEnrolment() {
  return useMutation({
    mutationFn: async (): Promise<TotpEnrolment> =>
      totpEnrolmentSchema.parse((await api.post(startTotpEnrolment.path, {})).data),
  });
}

export function useConfirmTotpEnrolment() {
  const refresh = useRefreshFactorsAfter();
  return useMutation({
    mutationFn: async (body: CodeBody): Promise<RecoveryCodes> =>
      recoveryCodesSchema.parse((await api.post(confirmTotpEnrolment.path, body)).data),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshFactorsAfter();
  return useMutation({
    mutationFn: async (): Promise<RecoveryCodes> =>
      recoveryCodesSchema.parse((await api.post(regenerateRecoveryCodes.path, {})).data),
    onSuccess: refresh,
  });
}

export function useRemoveSecondFactor() {
  const refresh = useRefreshFactorsAfter();
  return useMutation({
    mutationFn: async (): Promise<void> => {
      await api.delete(removeSecondFactor.path);
    },
    onSuccess: refresh,
  });
}

/** The step-up itself: the dialog's submit. */
export async function postStepUp(body: CodeBody): Promise<StepUpResponse> {
  return stepUpResponseSchema.parse((await api.post(stepUp.path, body)).data);
}

export function useResetUserSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string): Promise<void> => {
      await api.post(endpointPath(resetUserSecondFactor, userId), {});
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

const policyQuery = queryOptions({
  queryKey: ['security', 'second-factor-policy'],
  queryFn: async (): Promise<SecondFactorPolicy> =>
    secondFactorPolicySchema.parse((await api.get(secondFactorPolicy.path)).data),
});

export function useSecondFactorPolicy() {
  return useQuery(policyQuery);
}

export function useUpdateSecondFactorPolicy() {
  const queryClient = useQueryClient();
  const { refetchUser } = useSession();
  return useMutation({
    mutationFn: async (body: SecondFactorPolicy): Promise<SecondFactorPolicy> =>
      secondFactorPolicySchema.parse((await api.put(updateSecondFactorPolicy.path, body)).data),
    onSuccess: (policy) => {
      queryClient.setQueryData(policyQuery.queryKey, policy);
      void refetchUser();
    },
  });
}
