import { CLAIM_PROOF_MAX_BYTES, type ClaimProofType } from '@gerbang/contract';
import { invalidFields } from '../../http/app-error';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The image type its first bytes say, whatever the customer's file name or browser claimed. */
export function sniffImageType(bytes: Buffer): ClaimProofType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

export const PROOF_EXTENSIONS: Record<ClaimProofType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** A claim's proof from its base64: JPEG, PNG or WebP by its bytes, at most 2 MB; 422 naming body.proof otherwise. */
export function decodeProof(base64: string): { bytes: Buffer; type: ClaimProofType } {
  if (!BASE64.test(base64)) throw invalidFields({ 'body.proof': 'Not base64 of an image' });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw invalidFields({ 'body.proof': 'The image is empty' });
  if (bytes.length > CLAIM_PROOF_MAX_BYTES) throw invalidFields({ 'body.proof': 'The image is larger than 2 MB' });
  const type = sniffImageType(bytes);
  if (!type) throw invalidFields({ 'body.proof': 'Only JPEG, PNG or WebP images' });
  return { bytes, type };
}
