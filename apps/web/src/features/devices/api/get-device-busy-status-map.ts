import { type DeviceBusyStatusMap, deviceBusyStatusMapSchema, getDeviceBusyStatusMap } from '@gerbang/contract';
import { api } from '../../../lib/api-client';

export async function fetchDeviceBusyStatusMap(): Promise<DeviceBusyStatusMap> {
  const response = await api.request({ method: getDeviceBusyStatusMap.method, url: getDeviceBusyStatusMap.path });
  return deviceBusyStatusMapSchema.parse(response.data);
}
