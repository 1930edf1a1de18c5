import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../../contracts/validation";
import { roleBody, roleUpdateBody } from "../../../contracts/roles";
import { createRole, deleteRole, listRoles, roleOptions, roleRecord, updateRole } from "./service";


export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/roles", { config: { action: "roles.list" } }, async (request) => listRoles(app.ctx, request.query));
  app.get("/roles/options", { config: { action: "roles.options" } }, async () => ({ data: await roleOptions(app.ctx) }));
  app.post("/roles", { config: { action: "roles.create" }, schema: { body: roleBody } }, async (request, reply) => {
    reply.code(201);
    return { data: await createRole(app.ctx, request.user, request.author, request.body), message: request.t("roles.created") };
  });
  app.get("/roles/:id", { config: { action: "roles.view" }, schema: { params: idParams } }, async (request) => ({ data: await roleRecord(app.ctx.db, request.params.id) }));
  app.put("/roles/:id", { config: { action: "roles.update" }, schema: { params: idParams, body: roleUpdateBody } }, async (request) => ({
    data: await updateRole(app.ctx, request.user, request.author, request.params.id, request.body),
    message: request.t("roles.updated"),
  }));
  app.delete("/roles/:id", { config: { action: "roles.delete" }, schema: { params: idParams } }, async (request) => {
    await deleteRole(app.ctx, request.user, request.author, request.params.id);
    return { data: { id: request.params.id }, message: request.t("roles.deleted") };
  });
};
