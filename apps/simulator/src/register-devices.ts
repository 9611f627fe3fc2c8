import { type ApiAuth, ApiError, createGerbangApi, type GerbangApi } from './gerbang-api';
import { type DeviceTokens, readTokensFile, writeTokensFile } from './tokens-file';

export type DeviceCredential = { name: string; id: string; token: string };

export const SIMULATED_DEVICE_LABEL = 'Simulated';
export const SIMULATED_DEVICE_NOTES = 'Played by the Gerbang device simulator (development and testing only).';

/** sim-001, sim-002, ... (at least three digits, so names sort in order). */
export function deviceNames(prefix: string, count: number): string[] {
  const width = Math.max(3, String(count).length);
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(width, '0')}`);
}

/**
 * A fresh token for the device called `name`: registers it (always with isSimulated: true), or,
 * when a device of that name already exists (its token lost), rotates that device's token.
 */
export async function obtainDeviceToken(api: GerbangApi, name: string, knownId?: string): Promise<DeviceCredential> {
  if (knownId) {
    try {
      const { device, token } = await api.rotateToken(knownId);
      return { name, id: device.id, token };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  try {
    const { device, token } = await api.registerDevice({
      name,
      isSimulated: true,
      label: SIMULATED_DEVICE_LABEL,
      notes: SIMULATED_DEVICE_NOTES,
    });
    return { name, id: device.id, token };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const existing = await api.findDeviceByName(name);
    if (!existing) throw error;
    if (!existing.isSimulated) {
      throw new Error(`A real (not simulated) device is already called ${name}; choose another --prefix.`);
    }
    const { device, token } = await api.rotateToken(existing.id);
    return { name, id: device.id, token };
  }
}

export type ProvisionOptions = {
  server: string;
  names: string[];
  /** Where tokens are kept between runs; without it, every run registers (or rotates) afresh. */
  tokensFile?: string;
  /** Needed only when some device has no token yet. */
  auth?: ApiAuth;
  /** Registrations in flight at once. */
  concurrency?: number;
};

/**
 * Tokens for every named device: those in the tokens file, plus newly registered ones. The file
 * is written even when a later registration fails, since a token is shown only once.
 */
export async function provisionDevices(options: ProvisionOptions): Promise<DeviceCredential[]> {
  const tokens: DeviceTokens = options.tokensFile ? await readTokensFile(options.tokensFile) : {};
  const missing = options.names.filter((name) => !tokens[name]);
  if (missing.length > 0) {
    if (!options.auth) {
      const where = options.tokensFile ? ` in ${options.tokensFile}` : '';
      throw new Error(
        `${missing.length} device(s) have no token${where} (first: ${missing[0]}). ` +
          'Give --email (its password from SIM_PASSWORD, --password-file or the prompt) of an operator who may register devices, or a tokens file that has them.',
      );
    }
    const api = createGerbangApi(options.server, options.auth);
    const queue = [...missing];
    const worker = async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        const credential = await obtainDeviceToken(api, name);
        tokens[name] = { id: credential.id, token: credential.token };
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, missing.length) }, worker));
    } finally {
      if (options.tokensFile) await writeTokensFile(options.tokensFile, tokens);
    }
  }
  return options.names.map((name) => {
    const entry = tokens[name];
    if (!entry) throw new Error(`no token for ${name}`);
    return { name, ...entry };
  });
}
