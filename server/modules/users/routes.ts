import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../../contracts/validation";
import { userCreateBody, userUpdateBody } from "../../../contracts/users";
import { listUsers } from "./list";
import { profileOf } from "./profile";
import { createUser, deleteUser, preferencesOf, readUser, updateUser, userOptions } from "./service";


export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/users", { config: { action: "users.list" } }, async (request) => listUsers(app.ctx, request.user, request.query as Record<string, unknown>));

  app.post("/users", { config: { action: "users.create" }, schema: { body: userCreateBody } }, async (request, reply) => {
    const user = await createUser(app.ctx, request.user, request.author, request.body);
    reply.code(201);
    return { data: user, message: request.t("users.created") };
  });

  /** Light id/name list for pickers (a manager field, a payroll run's people). */
  app.get("/users/list", { config: { action: "users.list" } }, async () => ({ data: await userOptions(app.ctx.db) }));

  app.get("/users/:id", { config: { action: "users.view" }, schema: { params: idParams } }, async (request) => ({
    data: await readUser(app.ctx, request.user, request.params.id),
  }));

  app.put("/users/:id", { config: { action: "users.update" }, schema: { params: idParams, body: userUpdateBody } }, async (request) => ({
    data: await updateUser(app.ctx, request.user, request.author, request.params.id, request.body),
    message: request.t("users.updated"),
  }));

  app.delete("/users/:id", { config: { action: "users.delete" }, schema: { params: idParams } }, async (request) => {
    const outcome = await deleteUser(app.ctx, request.user, request.author, request.params.id);
    return { data: { id: request.params.id, outcome }, message: request.t(outcome === "archived" ? "users.archived" : "users.deleted") };
  });

  app.get("/users/:id/profile", { config: { action: "users.view" }, schema: { params: idParams } }, async (request) => ({
    data: await profileOf(app.ctx, request.user, request.params.id),
  }));

  // The signed-in person's own record, aggregate and preferences.
  app.get("/user", { config: { action: "account.view" } }, async (request) => ({ data: await readUser(app.ctx, request.user, request.user.id) }));
  app.get("/user/profile", { config: { action: "account.view" } }, async (request) => ({ data: await profileOf(app.ctx, request.user, request.user.id) }));
  app.get("/user/settings", { config: { action: "account.view" } }, async (request) => ({ data: await preferencesOf(app.ctx.db, request.user.id) }));
};
