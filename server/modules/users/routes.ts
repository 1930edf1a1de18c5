import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../../contracts/validation";
import { userCreateBody, userUpdateBody } from "../../../contracts/users";
import { can } from "../../../contracts/permissions";
import { forbidden } from "../../lib/errors";
import { allow, requireUser } from "../auth/guard";
import { listUsers } from "./list";
import { profileOf } from "./profile";
import { createUser, deleteUser, preferencesOf, readUser, updateUser, userOptions } from "./service";


export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireUser);

  app.get("/users", async (request) => listUsers(app.ctx, request.user, request.query as Record<string, unknown>));

  app.post("/users", { preValidation: allow("users.create"), schema: { body: userCreateBody } }, async (request, reply) => {
    const user = await createUser(app.ctx, request.user, request.body, request.origin);
    reply.code(201);
    return { data: user, message: request.t("users.created") };
  });

  /** Light id/name list for pickers (a manager field, a payroll run's people). */
  app.get("/users/list", async (request) => {
    if (!can(request.user, "users.list")) throw forbidden();
    return { data: await userOptions(app.ctx.db) };
  });

  app.get("/users/:id", { schema: { params: idParams } }, async (request) => ({
    data: await readUser(app.ctx, request.user, request.params.id),
  }));

  app.put("/users/:id", { preValidation: allow("users.update"), schema: { params: idParams, body: userUpdateBody } }, async (request) => ({
    data: await updateUser(app.ctx, request.user, request.params.id, request.body, request.origin),
    message: request.t("users.updated"),
  }));

  app.delete("/users/:id", { schema: { params: idParams } }, async (request) => {
    const outcome = await deleteUser(app.ctx, request.user, request.params.id, request.origin);
    return { data: { id: request.params.id, outcome }, message: request.t(outcome === "archived" ? "users.archived" : "users.deleted") };
  });

  app.get("/users/:id/profile", { schema: { params: idParams } }, async (request) => ({
    data: await profileOf(app.ctx, request.user, request.params.id),
  }));

  // The signed-in person's own record, aggregate and preferences.
  app.get("/user", async (request) => ({ data: await readUser(app.ctx, request.user, request.user.id) }));
  app.get("/user/profile", async (request) => ({ data: await profileOf(app.ctx, request.user, request.user.id) }));
  app.get("/user/settings", async (request) => ({ data: await preferencesOf(app.ctx.db, request.user.id) }));
};
