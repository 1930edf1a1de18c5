import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { roleOption } from "../../../contracts/roles";
import { dataReply } from "../../../contracts/replies";
import { crudRoutes } from "../../lib/crud";
import { roleOptions, rolesResource } from "./service";

export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/roles/options", { config: { action: "roles.options" }, schema: { response: { 200: dataReply(z.array(roleOption)) } } }, async () => ({
    data: await roleOptions(app.ctx),
  }));
  crudRoutes(app, rolesResource);
};
