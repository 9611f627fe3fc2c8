import { createHmac } from 'node:crypto';

/**
 * The benchmark's devices are seeded straight into the database (registering 1,000 through the
 * REST API takes longer than the measurement and is not what is measured). Their tokens are
 * derived from a per-run secret, so the server child (which stores the hashes) and the load child
 * (which presents the tokens) agree without passing 1,000 tokens around.
 */
export type BenchDevices = { count: number; secret: string };

export const benchDeviceName = (index: number) => `rt-bench-${String(index + 1).padStart(4, '0')}`;

/** 256 bits, base64url: the same shape as a token the API hands out. */
export const benchDeviceToken = (secret: string, index: number) =>
  createHmac('sha256', secret).update(benchDeviceName(index)).digest('base64url');
