import {
  type Device,
  type DeviceWithToken,
  deviceWithTokenSchema,
  type Endpoint,
  errorResponseSchema,
  listDevices,
  listDevicesResponseSchema,
  type RegisterDeviceBody,
  registerDevice,
  registerDeviceBodySchema,
  rotateDeviceToken,
  signin,
  signinBodySchema,
  signinResponseSchema,
} from '@gerbang/contract';

/** How the simulator signs in to register devices: an operator's email and password, or a token. */
export type ApiAuth = { email: string; password: string } | { accessToken: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Parser<T> = { parse(value: unknown): T };

/** A small REST client for the few endpoints the simulator needs (registering its devices). */
export function createGerbangApi(server: string, auth: ApiAuth, options: { headers?: Record<string, string> } = {}) {
  let accessToken = 'accessToken' in auth ? auth.accessToken : null;

  async function call<T>(
    endpoint: Endpoint,
    params: Record<string, string>,
    body: unknown,
    schema: Parser<T>,
    query?: Record<string, string>,
  ): Promise<T> {
    const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const url = new URL(path, server);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { ...options.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    const response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const error = errorResponseSchema.safeParse(json);
      const code = error.success ? error.data.error.code : 'UNKNOWN';
      const message = error.success ? error.data.error.message : text.slice(0, 200);
      throw new ApiError(
        response.status,
        code,
        `${endpoint.method} ${path} failed (${response.status} ${code}): ${message}`,
      );
    }
    return schema.parse(json);
  }

  async function ensureSignedIn(): Promise<void> {
    if (accessToken || 'accessToken' in auth) return;
    const body = signinBodySchema.parse({ email: auth.email, password: auth.password });
    const response = await call(signin, {}, body, signinResponseSchema);
    accessToken = response.accessToken;
  }

  return {
    /** Any endpoint of the contract, signed in as the operator (the demo drives wallets with it). */
    async request<T>(
      endpoint: Endpoint,
      schema: Parser<T>,
      options: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {},
    ): Promise<T> {
      await ensureSignedIn();
      return call(endpoint, options.params ?? {}, options.body, schema, options.query);
    },
    async registerDevice(input: RegisterDeviceBody): Promise<DeviceWithToken> {
      await ensureSignedIn();
      return call(registerDevice, {}, registerDeviceBodySchema.parse(input), deviceWithTokenSchema);
    },
    /** The old token stops working at once (the device must use the one returned). */
    async rotateToken(deviceId: string): Promise<DeviceWithToken> {
      await ensureSignedIn();
      return call(rotateDeviceToken, { id: deviceId }, {}, deviceWithTokenSchema);
    },
    async findDeviceByName(name: string): Promise<Device | null> {
      await ensureSignedIn();
      const { items } = await call(listDevices, {}, undefined, listDevicesResponseSchema, { q: name });
      return items.find((device) => device.name === name) ?? null;
    },
  };
}

export type GerbangApi = ReturnType<typeof createGerbangApi>;
