import fs from "node:fs";
import path from "node:path";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { ROOT_DIR } from "../paths";

/** Path segments that belong to a wider area; any other first segment is its own (users, roles...). */
const AREAS: Record<string, string> = {
  login: "auth",
  logout: "auth",
  register: "auth",
  password: "auth",
  "public-config": "auth",
  user: "me",
  dashboard: "activities",
};

/** The area an /api path is listed under. */
export function apiArea(url: string): string {
  const segment = url.split("/")[2] ?? "";
  return AREAS[segment] ?? segment;
}

/** Where the API's reference is served: the OpenAPI document at /api/docs/json, the browsable page at /api/docs. */
export const API_DOCS_PREFIX = "/api/docs";

/**
 * The OpenAPI reference, generated from the routes' own zod schemas so it
 * cannot drift from what the server accepts. Must be registered before the
 * routes it describes. Each operation is grouped by area from its path, so
 * the page reads by area without every route repeating a tag.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, "package.json"), "utf8")) as { version: string };
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Paydesk API",
        version,
        description:
          "Payroll and workforce management. JSON in and out; send the token from POST /api/login as `Authorization: Bearer <token>`. " +
          "Lists take page, per_page, sort=field|-field, search and filter[field][match mode]=value; errors answer { message, errors }.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      // A public route (config.public) needs no bearer token: the reference says so from the same flag the gate reads.
      const security = input.route.config?.public ? { security: [] } : {};
      return { schema: { ...schema, ...security, tags: schema?.tags ?? [apiArea(url)] }, url };
    },
  });
  // The page runs under the app's own CSP (scripts from this server only); the
  // spec validator badge would call swagger.io, so it is off.
  const logo = { type: "image/svg+xml", content: fs.readFileSync(path.join(ROOT_DIR, "public", "favicon.svg")) };
  await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, logo, uiConfig: { validatorUrl: null, docExpansion: "list" } });
}
