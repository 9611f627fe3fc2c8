import { type CustomerClaim, type FileClaimBody, fileDepositClaim, listDepositClaims } from '@gerbang/contract';
import { endpointPath } from '../../../lib/endpoint-path';
import { callPublicApi } from '../../../lib/public-api';

export const fetchCustomerClaims = (sessionId: string) =>
  callPublicApi<CustomerClaim[]>(endpointPath(listDepositClaims, sessionId));
export const fileCustomerClaim = (sessionId: string, body: FileClaimBody) =>
  callPublicApi<CustomerClaim[]>(endpointPath(fileDepositClaim, sessionId), { method: 'POST', body });

/** The file's bytes as base64 (what the claim's JSON body carries). */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
