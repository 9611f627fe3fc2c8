import {
  cancelWalletLogin,
  getWalletLogin,
  startWalletLogin,
  submitWalletOtp,
  type WalletLoginFlow,
  type WalletLoginStep,
  walletLoginFlowResponseSchema,
  walletLoginResponseSchema,
} from '@gerbang/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { useRefreshWallets } from './use-refresh-wallets';

/** The account's latest login flow (null before the first), with each step's state. */
export async function getLogin(id: string): Promise<WalletLoginFlow | null> {
  const response = await api.get(endpointPath(getWalletLogin, id));
  return walletLoginResponseSchema.parse(response.data).flow;
}

export function getWalletLoginQueryOptions(id: string) {
  return queryOptions({ queryKey: ['wallets', 'login', id], queryFn: () => getLogin(id) });
}

export function useWalletLogin(id: string) {
  return useQuery(getWalletLoginQueryOptions(id));
}

type LoginAction =
  | { id: string; action: 'start'; fromStep: WalletLoginStep }
  | { id: string; action: 'otp'; otp: string }
  | { id: string; action: 'cancel' };

/** Start (or resume from a step), send the OTP the operator typed, or cancel. */
export async function actOnLogin(input: LoginAction): Promise<WalletLoginFlow> {
  const response =
    input.action === 'start'
      ? await api.post(endpointPath(startWalletLogin, input.id), { fromStep: input.fromStep })
      : input.action === 'otp'
        ? await api.post(endpointPath(submitWalletOtp, input.id), { otp: input.otp })
        : await api.post(endpointPath(cancelWalletLogin, input.id), {});
  return walletLoginFlowResponseSchema.parse(response.data);
}

export function useWalletLoginAction() {
  const refresh = useRefreshWallets();
  return useMutation({ mutationFn: actOnLogin, onSuccess: refresh });
}
