import type { FastifyReply, FastifyRequest } from "fastify";
import { can, type Action } from "../../../contracts/permissions";
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
  const found = await userForToken(db, hash, now);
  if (!found) return null;
  sessionCache.set(hash, found.user, found.expiresAt, now);
  return found.user;
}

/**
 * For every route that needs a signed-in user. Runs on request, before the
 * body is validated: a stranger learns nothing about what a body should be.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  const user = token ? await resolveUser(request, token) : null;
  if (!user) throw unauthenticated();
  request.user = user;
}

/**
 * Refuses (403) before the body is validated when the action is not the
 * user's at all; the service still decides per record.
 */
export function allow(action: Action) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!can(request.user, action)) throw forbidden();
  };
}
