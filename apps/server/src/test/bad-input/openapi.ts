/** The operations of the OpenAPI document, and the groups (by tag) that the bad-input test files share. */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  example?: unknown;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** Position in the whole document: the seed of its generated requests does not depend on the group. */
  index: number;
  /** The operation's OpenAPI tags (the first one picks its group). */
  tags: string[];
  method: string;
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, if the operation takes one. */
  body: JsonSchema | null;
  /** The multipart form schema, if the operation takes a file. */
  multipart: JsonSchema | null;
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      // A stream (server-sent events) never ends: it cannot be answered by inject().
      const streams = Object.values(op.responses ?? {}).some((r) => r.content?.['text/event-stream']);
      if (streams) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      operations.push({
        index: operations.length,
        tags: op.tags ?? [],
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: content['application/json']?.schema ?? null,
        multipart: content['multipart/form-data']?.schema ?? null,
      });
    }
  }
  return operations;
}

export const typesOf = (schema: JsonSchema): string[] => {
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))];
  const own = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...own, ...branches.flatMap(typesOf)];
};
export const acceptsString = (schema: JsonSchema) =>
  schema.format !== 'binary' && typesOf(schema).includes('string');

/**
 * The bad-input test files, one per group of OpenAPI tags, so that vitest's workers run them side
 * by side. An operation belongs to the group of its first tag; `accounts` also takes every
 * operation whose tag no group names (or that has none), so a route added later is still probed.
 */
export const GROUPS = {
  accounts: ['auth', 'user', 'profiles', 'pictures', 'notifications', 'messages', 'realtime', 'system'],
  catalogue: ['admin', 'reference', 'services', 'favorites', 'advertisements'],
  missions: ['missions', 'applications', 'jobs', 'freelancers'],
  sales: ['deals', 'commissions', 'prospects', 'stats', 'dashboard'],
  teams: ['teams'],
  billing: ['billing'],
  community: ['webinars', 'posts', 'comments', 'reports', 'moderation'],
  articles: ['articles'],
  roadmap: ['roadmap'],
  support: ['faq', 'support'],
} as const satisfies Record<string, readonly string[]>;

export type Group = keyof typeof GROUPS;
const CATCH_ALL: Group = 'accounts';

/** The group whose file probes the operation. */
export function groupOf(op: Operation): Group {
  const first = op.tags[0];
  const named = (Object.keys(GROUPS) as Group[]).find((group) =>
    (GROUPS[group] as readonly string[]).includes(first ?? ''),
  );
  return named ?? CATCH_ALL;
}
