/** Spec §4: 0 Unknown, 1 OK, 2 Failed, 3 Checking; any other value reads as Failed. */
export const HEALTH_CHECK_STATUS = { Unknown: 0, OK: 1, Failed: 2, Checking: 3 } as const;
export type HealthCheckStatus = (typeof HEALTH_CHECK_STATUS)[keyof typeof HEALTH_CHECK_STATUS];

export function readHealthCheckStatus(value: unknown): HealthCheckStatus {
  if (value === 0 || value === 1 || value === 3) return value;
  return HEALTH_CHECK_STATUS.Failed;
}
