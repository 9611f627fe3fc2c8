import {
  type RunHealthChecksBody,
  type RunHealthChecksResponse,
  runHealthChecks as runHealthChecksEndpoint,
  runHealthChecksResponseSchema,
} from '@gerbang/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { patchDevice } from '../cache/device-cache';

export async function runHealthChecks(body: RunHealthChecksBody): Promise<RunHealthChecksResponse> {
  const response = await api.request({
    method: runHealthChecksEndpoint.method,
    url: runHealthChecksEndpoint.path,
    data: body,
  });
  return runHealthChecksResponseSchema.parse(response.data);
}

export function useRunHealthChecks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runHealthChecks,
    // The started runs show (as Checking) at once, even if their `health-check` event is slower;
    // an event that already reported this run or a later one wins.
    onSuccess: ({ started }) => {
      for (const run of started) {
        patchDevice(queryClient, run.deviceId, (device) => {
          const current = device.health[run.type];
          if (current && Date.parse(current.startedAt) >= Date.parse(run.startedAt)) return device;
          const entry = { status: run.status, startedAt: run.startedAt, finishedAt: run.finishedAt };
          return { ...device, health: { ...device.health, [run.type]: entry } };
        });
      }
    },
  });
}
