import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { mayAttempt } from "../../../contracts/policies";
import { errorReply } from "../../../contracts/replies";
import { forbidden, unauthenticated } from "../../lib/errors";
import { hashToken } from "../../lib/tokens";
import { userForToken, type AuthUser } from "./sessions";

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : null;
}

async function resolveUser(request: FastifyRequest, token: string): Promise<AuthUser | null> {
  const { db, clock, sessionCache } = request.server.ctx;
  const now = clock.now();
  const hash = hashToken(token);
  const cached = sessionCache.get(hash, now);
  if (cached) return cached;
  const versionBefore = sessionCache.version();
  const found = await userForToken(db, hash, now);
  if (!found) return null;
  sessionCache.set(hash, found.user, found.expiresAt, now, versionBefore);
  return found.user;
}

/**
 * The one gate of every API route, run on request, before the body is
 * validated: a stranger or an unpermitted caller learns nothing about what
 * a body should be. Record-level rules run where the record is loaded.
 */
async function routeGate(request: FastifyRequest): Promise<void> {
  const { action, public: isPublic } = request.routeOptions.config;
  if (isPublic) return;
  const token = bearerToken(request);
  const user = token ? await resolveUser(request, token) : null;
  if (!user) throw unauthenticated();
  request.user = user;
  if (!action || !mayAttempt(user, action)) throw forbidden();
}

/** A route must say what it does (its policy action) or that it is public: nothing is open by omission. */
function requirePolicy(route: RouteOptions): void {
  const config = route.config as { action?: string; public?: boolean } | undefined;
  if (!config?.action && !config?.public) {
    throw new Error(`${String(route.method)} ${route.url} declares neither a policy action (config.action) nor config.public`);
  }
}

/** Every refusal and failure is `{ message, errors? }`: declared once for every route, and serialized by it. */
function declareErrorReplies(route: RouteOptions): void {
  const schema = (route.schema ??= {}) as { response?: Record<string, unknown> };
  schema.response = { "4xx": errorReply, "5xx": errorReply, ...schema.response };
}

/** Applies to every route registered in `api` after this call. */
export function guardRoutes(api: FastifyInstance): void {
  api.addHook("onRoute", requirePolicy);
  api.addHook("onRoute", declareErrorReplies);
  api.addHook("onRequest", routeGate);
}
