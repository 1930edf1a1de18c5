import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { activityRecord } from "../../../contracts/activities";
import { dataReply } from "../../../contracts/replies";
import { bulkUpdateBody, bulkUpdateReply, invitationSent, personLookup, personLookupQuery, removalPreview, removalPreviewQuery, userCreateBody, userOption, userPreferences, userRecord, userUpdateBody } from "../../../contracts/users";
import { idParams } from "../../../contracts/validation";
import { crudRoutes } from "../../lib/crud";
import { bulkUpdateUsers } from "./bulk-update";
import { resendInvitation } from "./invite";
import { listUsers, widestSpec } from "./list";
import { lookupPeople } from "./lookup";
import { profileOf } from "./profile";
import { createUser, deleteUser, preferencesOf, readUser, removalPreview as previewRemoval, restoreUser, updateUser, userOptions } from "./service";

const profileReply = dataReply(z.object({ user: userRecord, recent_activity: z.array(activityRecord).nullable() }));

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // People are not a plain table: pay fields follow the reader, passwords are hashed, the
  // last super administrator stays, and someone with history is archived rather than deleted.
  crudRoutes(
    app,
    {
      resource: "users",
      path: "/users",
      // The widest list (a reader of pay and two-factor): others are refused those fields by the engine.
      list: widestSpec,
      listParams: { archived: z.enum(["0", "1"]).optional().describe("1: only archived people; otherwise only the others") },
      schemas: { record: userRecord, create: userCreateBody, update: userUpdateBody },
      messages: { created: "users.created", updated: "users.updated", deleted: "users.deleted", archived: "users.archived" },
    },
    { list: listUsers, read: readUser, create: createUser, update: updateUser, remove: deleteUser },
  );

  // Before a delete is confirmed: who would be deleted, who archived (and the records that keep them), who refused.
  app.get(
    "/users/removal-preview",
    { config: { action: "users.delete" }, schema: { querystring: removalPreviewQuery, response: { 200: dataReply(z.array(removalPreview)) } } },
    async (request) => ({ data: await previewRemoval(app.ctx, request.user, request.query.ids, request.t) }),
  );

  // The same changes for everyone selected on the Employees list.
  app.post("/users/bulk-update", { config: { action: "users.bulkUpdate" }, schema: { body: bulkUpdateBody, response: { 200: dataReply(bulkUpdateReply) } } }, async (request) => {
    const outcome = await bulkUpdateUsers(app.ctx, request.user, request.author, request.body);
    const message = outcome.updated > 0 ? request.t("users.bulk.done", { count: outcome.updated }) : request.t("users.bulk.none", { count: outcome.unchanged });
    return { data: outcome, message };
  });

  // A new person's invitation to choose their password, sent again from their record.
  app.post("/users/:id/invitation", { config: { action: "users.invite" }, schema: { params: idParams, response: { 200: dataReply(invitationSent) } } }, async (request) => {
    const sent = await resendInvitation(app.ctx, request.user, request.author, request.params.id);
    return { data: sent, message: request.t("users.invitationSent", { email: sent.email }) };
  });

  app.post("/users/:id/restore", { config: { action: "users.restore" }, schema: { params: idParams, response: { 200: dataReply(userRecord) } } }, async (request) => ({
    data: await restoreUser(app.ctx, request.user, request.author, request.params.id),
    message: request.t("users.restored"),
  }));

  /** Light id/name list for pickers (a manager field, a payroll run's people). */
  app.get("/users/list", { config: { action: "users.list" }, schema: { response: { 200: dataReply(z.array(userOption)) } } }, async () => ({
    data: await userOptions(app.ctx.db),
  }));

  // Pickers on pages whose readers may not read the employee list (schedules, attendance, broadcasts).
  app.get(
    "/users/lookup",
    { config: { action: "users.lookup" }, schema: { querystring: personLookupQuery, response: { 200: dataReply(z.array(personLookup)) } } },
    async (request) => ({ data: await lookupPeople(app.ctx, request.query) }),
  );

  app.get("/users/:id/profile", { config: { action: "users.view" }, schema: { params: idParams, response: { 200: profileReply } } }, async (request) => ({
    data: await profileOf(app.ctx, request.user, request.params.id),
  }));

  // The signed-in person's own record, aggregate and preferences.
  app.get("/user", { config: { action: "account.view" }, schema: { response: { 200: dataReply(userRecord) } } }, async (request) => ({
    data: await readUser(app.ctx, request.user, request.user.id),
  }));
  app.get("/user/profile", { config: { action: "account.view" }, schema: { response: { 200: profileReply } } }, async (request) => ({
    data: await profileOf(app.ctx, request.user, request.user.id),
  }));
  app.get("/user/settings", { config: { action: "account.view" }, schema: { response: { 200: dataReply(userPreferences) } } }, async (request) => ({
    data: await preferencesOf(app.ctx.db, request.user.id),
  }));
};
