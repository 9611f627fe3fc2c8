import {
  type Alert,
  type AlertKind,
  type AlertRule,
  acknowledgeAlert,
  alertRuleSchema,
  alertSchema,
  type ListAlertsResponse,
  listAlertRules,
  listAlertRulesResponseSchema,
  listAlerts,
  listAlertsResponseSchema,
  snoozeAlert,
  type UpdateAlertRuleBody,
  updateAlertRule,
} from '@gerbang/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export type AlertsState = 'active' | 'resolved';

const alertsQuery = (state: AlertsState) =>
  queryOptions({
    queryKey: ['alerts', state],
    queryFn: async (): Promise<ListAlertsResponse> =>
      listAlertsResponseSchema.parse((await api.get(listAlerts.path, { params: { state } })).data),
  });

export function useAlerts(state: AlertsState) {
  return useQuery(alertsQuery(state));
}

/** After a change here, or `alerts:changed` from the server: the bell and the lists read again. */
export function useRefreshAlerts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['alerts'] });
}

export function useAcknowledgeAlert() {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationFn: async (id: string): Promise<Alert> =>
      alertSchema.parse((await api.post(endpointPath(acknowledgeAlert, id), {})).data),
    onSuccess: refresh,
  });
}

export function useSnoozeAlert() {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationFn: async ({ id, minutes }: { id: string; minutes: number }): Promise<Alert> =>
      alertSchema.parse((await api.post(endpointPath(snoozeAlert, id), { minutes })).data),
    onSuccess: refresh,
  });
}

const rulesQuery = queryOptions({
  queryKey: ['alert-rules'],
  queryFn: async (): Promise<AlertRule[]> =>
    listAlertRulesResponseSchema.parse((await api.get(listAlertRules.path)).data).items,
});

export function useAlertRules() {
  return useQuery(rulesQuery);
}

export function useUpdateAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, body }: { kind: AlertKind; body: UpdateAlertRuleBody }): Promise<AlertRule> =>
      alertRuleSchema.parse((await api.put(updateAlertRule.path.replace(':kind', kind), body)).data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesQuery.queryKey }),
  });
}
