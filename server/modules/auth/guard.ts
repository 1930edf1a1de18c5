import type { FastifyReply, FastifyRequest } from "fastify";
import { unauthenticated } from "../../lib/errors";
import { userForToken } from "./sessions";

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : null;
}

/** preHandler for every route that needs a signed-in user. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  const user = token ? await userForToken(request.server.ctx.db, token, request.server.ctx.clock.now()) : null;
  if (!user) throw unauthenticated();
  request.user = user;
}
