/**
 * The fuzzer's view of /api/docs/json: one entry per operation with what a
 * request may carry (path and query parameters, a JSON body) and what a reply
 * may be (documented statuses, each with its JSON Schema when there is one).
 */

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface DocumentedReply {
  /** The reply's JSON Schema, when the operation documents one. */
  schema?: JsonSchema;
  /** Media types the reply is documented with (empty: none said). */
  mediaTypes: string[];
  /** Documented as a file's bytes (`format: binary`) under those types. */
  binary?: boolean;
}

export interface Operation {
  /** "METHOD /api/path/{param}", as the reference names it. */
  key: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The path template, e.g. /api/users/{id}. */
  path: string;
  isPublic: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** A write without a JSON body: takes nothing, or an upload (multipart) the reference cannot describe. */
  bodyless: boolean;
  replies: Record<string, DocumentedReply>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface RawOperation {
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const raw = methods[method];
      if (!raw) continue;
      const parameters = (raw.parameters ?? []).map((parameter) => ({
        name: parameter.name,
        in: parameter.in as Parameter["in"],
        required: parameter.required === true,
        schema: parameter.schema ?? {},
        description: parameter.description,
      }));
      const body = raw.requestBody?.content?.["application/json"]?.schema;
      const replies: Record<string, DocumentedReply> = {};
      for (const [status, reply] of Object.entries(raw.responses ?? {})) {
        const content = reply.content ?? {};
        const binary = Object.values(content).some((media) => (media as { schema?: { format?: unknown } }).schema?.format === "binary");
        replies[status] = { schema: content["application/json"]?.schema, mediaTypes: Object.keys(content), binary };
      }
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation["method"],
        path,
        isPublic: Array.isArray(raw.security) && raw.security.length === 0,
        pathParams: parameters.filter((parameter) => parameter.in === "path"),
        queryParams: parameters.filter((parameter) => parameter.in === "query"),
        body,
        bodyless: method !== "get" && method !== "delete" && body === undefined,
        replies,
      });
    }
  }
  return operations;
}

/**
 * Creations and changes first, then reads (which so meet the odd values the
 * writes stored, and links such as a picture's signed URL), deletions last:
 * archiving the seed's people early would leave the rest only 404s.
 */
export function inFuzzingOrder(operations: Operation[]): Operation[] {
  const rank = { POST: 0, PUT: 1, PATCH: 1, GET: 2, DELETE: 3 } as const;
  return [...operations].sort((a, b) => rank[a.method] - rank[b.method]);
}

/** The path template as a pattern for concrete paths: /api/users/{id} matches /api/users/12. */
export function pathPattern(path: string): RegExp {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, "(?<$1>[^/?#]+)");
  return new RegExp(`^${source}$`);
}
