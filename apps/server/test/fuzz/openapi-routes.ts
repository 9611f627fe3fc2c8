/** A JSON Schema as the OpenAPI document carries it (the parts the fuzzer reads). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/**
 * Whether null is a value the schema allows: OpenAPI 3.0 says so with `nullable`, 3.1 (JSON Schema)
 * with a `null` type, alone, in a type list or as one of `anyOf`/`oneOf`.
 */
export function allowsNull(schema: JsonSchema): boolean {
  if (schema.nullable) return true;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(allowsNull);
}

type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };

export type FuzzRoute = {
  method: string;
  /** OpenAPI form: /users/{id}. */
  path: string;
  pathParams: string[];
  query: Parameter[];
  headers: Parameter[];
  body: JsonSchema | null;
  /** bearer (console JWT), apiToken (merchant API), or none (public). */
  security: 'bearer' | 'apiToken' | 'none';
};

type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, unknown>[];
};

/** Every operation of the app's OpenAPI document, as the fuzzer needs it. */
export function routesOf(document: { paths?: Record<string, Record<string, OpenApiOperation>> }): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    // Swagger UI's own pages are not the API.
    if (path.startsWith('/docs')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const scheme = Object.keys(operation.security?.[0] ?? {})[0];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
        query: parameters.filter((p) => p.in === 'query'),
        headers: parameters.filter((p) => p.in === 'header'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        security: scheme === 'apiToken' ? 'apiToken' : scheme === 'bearer' ? 'bearer' : 'none',
      });
    }
  }
  return routes;
}
