import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../../contracts/validation";
import { roleBody, roleUpdateBody } from "../../../contracts/roles";
import { allow, requireUser } from "../auth/guard";
import { createRole, deleteRole, listRoles, readRole, roleOptions, updateRole } from "./service";


export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", requireUser);

  app.get("/roles", async (request) => listRoles(app.ctx, request.user, request.query));
  app.get("/roles/options", async (request) => ({ data: await roleOptions(app.ctx, request.user) }));
  app.post("/roles", { preValidation: allow("roles.manage"), schema: { body: roleBody } }, async (request, reply) => {
    reply.code(201);
    return { data: await createRole(app.ctx, request.user, request.body, request.origin), message: request.t("roles.created") };
  });
  app.get("/roles/:id", { schema: { params: idParams } }, async (request) => ({ data: await readRole(app.ctx, request.user, request.params.id) }));
  app.put("/roles/:id", { preValidation: allow("roles.manage"), schema: { params: idParams, body: roleUpdateBody } }, async (request) => ({
    data: await updateRole(app.ctx, request.user, request.params.id, request.body, request.origin),
    message: request.t("roles.updated"),
  }));
  app.delete("/roles/:id", { schema: { params: idParams } }, async (request) => {
    await deleteRole(app.ctx, request.user, request.params.id, request.origin);
    return { data: { id: request.params.id }, message: request.t("roles.deleted") };
  });
};
