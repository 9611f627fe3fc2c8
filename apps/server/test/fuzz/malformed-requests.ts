import { randomUUID } from 'node:crypto';
import { BODY_LIMIT_BYTES } from '@gerbang/contract';
import type { Random } from '../../../simulator/src/prng';
import { allowsNull, type FuzzRoute, type JsonSchema } from './openapi-routes';

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Who the request claims to be: the valid ones only ride on requests the schema must refuse. */
export type Credential =
  | 'none'
  | 'garbage'
  | 'expired'
  | 'wrong_secret'
  | 'alg_none'
  | 'revoked_api_token'
  | 'wrong_scope_api_token'
  | 'admin'
  | 'merchant_user'
  | 'api_token';

export const BAD_CREDENTIALS: Credential[] = [
  'none',
  'garbage',
  'expired',
  'wrong_secret',
  'alg_none',
  'revoked_api_token',
  'wrong_scope_api_token',
];

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  credential: Credential;
  /** What was broken, for the report. */
  mutation: string;
};

const HOSTILE_STRINGS = [
  '',
  ' ',
  "1' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '\u0000',
  '%00',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  // A template injection probe: the text itself, never a template.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe is this literal text
  '${7*7}',
  '{{7*7}}',
  '\u202eRTL\u202d',
  '💥🔥👾',
  'Ω≈ç√∫˜µ≤≥÷',
  '\ud800',
  'null',
  'undefined',
  'true',
  '-0',
  'NaN',
  'Infinity',
];
const BAD_AMOUNTS = [
  '-100',
  '-0.01',
  '1.234',
  '0.001',
  '1e9',
  '1E3',
  'NaN',
  '-Infinity',
  '１０００',
  '10,000',
  '999999999999999999999999999999999999',
  '0x10',
  ' 100',
  '100 ',
  '',
];
const BAD_IDS = [
  'not-a-uuid',
  'x'.repeat(300),
  "1' OR '1'='1",
  '%F0%9F%92%A5',
  '..%2F..%2Fetc%2Fpasswd',
  '00000000-0000-0000-0000-00000000000g',
  '%00',
  '-1',
  '99999999999999999999999',
];

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type[0];
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
}

/** A value of a type the schema does not allow. */
function wrongType(random: Random, schema: JsonSchema): unknown {
  const type = typeOf(schema);
  const choices: unknown[] = [42, -1.5, true, null, [], {}, 'text', 1e308];
  const wrong = choices.filter((value) => {
    if (value === null) return !allowsNull(schema);
    if (Array.isArray(value)) return type !== 'array';
    if (typeof value === 'object') return type !== 'object';
    if (typeof value === 'number') return type !== 'number' && type !== 'integer';
    if (typeof value === 'boolean') return type !== 'boolean';
    return type !== 'string';
  });
  return pick(random, wrong.length > 0 ? wrong : [Symbol.for('unreachable')]);
}

/** A value of the right type (where one is easy) that the schema still refuses, or null. */
function outOfRange(random: Random, schema: JsonSchema): { value: unknown; how: string } | null {
  const type = typeOf(schema);
  if (type === 'string') {
    if (schema.enum) return { value: pick(random, ['bogus', 'ADMIN', ...HOSTILE_STRINGS.slice(2)]), how: 'enum' };
    if (schema.maxLength !== undefined && random() < 0.5) {
      return { value: 'x'.repeat(schema.maxLength + 1 + Math.floor(random() * 100_000)), how: 'too long' };
    }
    if (schema.pattern?.includes('\\d') && schema.maxLength === 40)
      return { value: pick(random, BAD_AMOUNTS), how: 'bad amount' };
    if (schema.format === 'uuid') return { value: pick(random, BAD_IDS), how: 'bad id' };
    if (schema.minLength && schema.minLength > 0) return { value: '', how: 'empty' };
    if (schema.pattern) return { value: pick(random, HOSTILE_STRINGS.slice(2)), how: 'pattern' };
  }
  if (type === 'integer' || type === 'number') {
    if (schema.maximum !== undefined)
      return { value: schema.maximum + 1 + Math.floor(random() * 1e12), how: 'too big' };
    if (schema.minimum !== undefined)
      return { value: schema.minimum - 1 - Math.floor(random() * 1e12), how: 'too small' };
    if (type === 'integer') return { value: 1.5, how: 'fraction' };
  }
  return null;
}

/** A body the schema must refuse, and how it was broken; null when none can be made. */
function brokenBody(random: Random, schema: JsonSchema): { body: unknown; how: string } | null {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const valid: Record<string, unknown> = {};
  // Plausible values for the other fields, so the broken one is what fails.
  for (const name of names) valid[name] = plausible(random, properties[name] as JsonSchema);
  const options: (() => { body: unknown; how: string } | null)[] = [
    () => (schema.required?.length ? dropRequired(random, valid, schema.required) : null),
    () =>
      schema.additionalProperties === false
        ? {
            body: { ...valid, [pick(random, ['isAdmin', 'roleId', 'balance', '__proto__x', 'merchantId2'])]: 1 },
            how: 'unknown field',
          }
        : null,
    () => {
      if (names.length === 0) return null;
      const name = pick(random, names);
      return {
        body: { ...valid, [name]: wrongType(random, properties[name] as JsonSchema) },
        how: `wrong type of ${name}`,
      };
    },
    () => {
      if (names.length === 0) return null;
      const name = pick(random, names);
      const broken = outOfRange(random, properties[name] as JsonSchema);
      return broken ? { body: { ...valid, [name]: broken.value }, how: `${broken.how} ${name}` } : null;
    },
    () => ({
      body: pick(random, [[], 'text', 42, true, [valid], ...(allowsNull(schema) ? [] : [null])]),
      how: 'body of the wrong type',
    }),
  ];
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const made = pick(random, options)();
    if (made) return made;
  }
  return null;
}

function dropRequired(random: Random, valid: Record<string, unknown>, required: string[]) {
  const name = pick(random, required);
  const { [name]: _dropped, ...rest } = valid;
  return { body: rest, how: `missing ${name}` };
}

/** A value the schema accepts for most fields (good enough to make another field the failure). */
function plausible(random: Random, schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  const type = typeOf(schema);
  if (schema.anyOf?.[0]) return plausible(random, schema.anyOf[0]);
  if (type === 'string') {
    if (schema.format === 'uuid') return randomUUID();
    if (schema.format === 'email') return 'fuzz@example.test';
    if (schema.format === 'date-time') return new Date().toISOString();
    if (schema.pattern?.includes('\\d') && schema.maxLength === 40) return '10000';
    return 'fuzz';
  }
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return null;
}

/**
 * One malformed request for one route: its body, a path id, a query value, a header, the content
 * type, the size or the credentials are wrong. `valid` is the credential the route would accept;
 * it is only used when the request is sure to be refused on its form.
 */
export function malformedRequest(random: Random, route: FuzzRoute, valid: Credential): FuzzRequest {
  const params: Record<string, string> = Object.fromEntries(route.pathParams.map((name) => [name, randomUUID()]));
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const header of route.headers) if (header.required) headers[header.name] = randomUUID();
  let payload: string | undefined = route.body ? JSON.stringify(plausible(random, route.body)) : undefined;
  let mutation = 'bad credentials';
  // Reads change nothing: any credential may ride on them. A write carries a valid one only when
  // its form is broken in a way the schema must refuse.
  let formBroken = route.method === 'GET';

  const kinds = ['credentials', 'content-type', 'oversized', 'invalid-json'];
  if (route.body) kinds.push('body', 'body', 'body');
  if (route.pathParams.length > 0) kinds.push('path', 'path');
  if (route.query.length > 0) kinds.push('query', 'query');
  if (route.headers.some((h) => h.required)) kinds.push('header');
  const kind = pick(random, kinds);

  if (kind === 'body' && route.body) {
    const broken = brokenBody(random, route.body);
    if (broken) {
      payload = JSON.stringify(broken.body);
      mutation = `body: ${broken.how}`;
      formBroken = true;
    }
  } else if (kind === 'path') {
    const name = pick(random, route.pathParams);
    params[name] = random() < 0.3 ? randomUUID() : pick(random, BAD_IDS);
    mutation = `path ${name}=${params[name]?.slice(0, 40)}`;
    // A random id names nothing, a malformed one is refused: either way nothing can change.
    formBroken = true;
  } else if (kind === 'query') {
    const parameter = pick(random, route.query);
    const broken = outOfRange(random, parameter.schema);
    const value = broken ? String(broken.value) : pick(random, ['-1', 'abc', '1e999', '', ...HOSTILE_STRINGS]);
    query.set(parameter.name, value);
    if (random() < 0.3)
      query.set('cursor', pick(random, ['garbage', 'eyJhdCI6MX0', 'bm90IGpzb24', '%%%', 'A'.repeat(5000)]));
    mutation = `query ${parameter.name}=${value.slice(0, 40)}`;
  } else if (kind === 'header') {
    const header = route.headers.find((h) => h.required) as FuzzRoute['headers'][number];
    headers[header.name] = pick(random, ['has space', 'x'.repeat(300), 'tab\there', 'ünïcode']);
    mutation = `header ${header.name}`;
    formBroken = true;
  } else if (kind === 'content-type' && route.method !== 'GET') {
    headers['content-type'] = pick(random, [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
    ]);
    payload = payload ?? '{}';
    mutation = `content-type ${headers['content-type']}`;
    formBroken = true;
  } else if (kind === 'oversized' && route.method !== 'GET') {
    payload = JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES + 1) });
    mutation = 'oversized body';
    formBroken = true;
  } else if (kind === 'invalid-json' && route.method !== 'GET') {
    payload = pick(random, ['{"a":', '{a:1}', "{'a':1}", '[1,2', '\u0000', '{"a":1}}', 'nul']);
    mutation = 'invalid JSON';
    formBroken = true;
  }

  // A public write takes no credentials, so only a broken form keeps it from doing something.
  if (!formBroken && route.security === 'none' && route.method !== 'GET') {
    payload = pick(random, ['{"a":', '[1,2', '{a:1}']);
    headers['content-type'] = 'application/json';
    mutation = 'invalid JSON';
    formBroken = true;
  }

  const credential = formBroken && valid !== 'none' && random() < 0.6 ? valid : pick(random, BAD_CREDENTIALS);
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? '').replace(/%25/g, '%'),
  );
  const search = query.toString();
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return {
    method: route.method,
    url: `${path}${search ? `?${search}` : ''}`,
    headers,
    ...(payload !== undefined && route.method !== 'GET' ? { payload } : {}),
    credential,
    mutation,
  };
}
