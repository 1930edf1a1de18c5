import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicConfigRecord } from "../../../contracts/auth";
import type { Action } from "../../../contracts/policies";
import { dataReply, listReply } from "../../../contracts/replies";
import { outboxRecord, preferencesBody, preferencesRecord, SETTINGS_BODIES, SETTINGS_GROUPS, SETTINGS_RECORDS, type SettingsGroup } from "../../../contracts/settings";
import { listQuerySchema } from "../../lib/list";
import { readPreferences, updatePreferences } from "./preferences";
import { listOutbox, outboxList } from "./outbox";
import { publicConfig, readSettings, updateSettings } from "./service";

/** Who reads each group: payroll's rates are read by whoever runs payroll as well. */
const VIEW_ACTION: Record<SettingsGroup, Action> = { payroll: "settings.viewPayroll", system: "settings.view", notifications: "settings.view", attendance: "settings.view" };

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Public: the sign-in screen shows the administrator contact and whether sign-up is open. */
  app.get("/public-config", { config: { public: true }, schema: { response: { 200: dataReply(publicConfigRecord) } } }, async () => ({ data: await publicConfig(app.ctx) }));

  /** The system group says how mail leaves the server beside its values. */
  const present = <G extends SettingsGroup>(group: G, values: unknown) =>
    group === "system" ? { ...(values as object), mail: { transport: app.ctx.config.smtpUrl ? "smtp" : "outbox", from: app.ctx.config.mailFrom } } : values;

  for (const group of SETTINGS_GROUPS) {
    const reply = dataReply(SETTINGS_RECORDS[group]);
    app.get(`/settings/${group}`, { config: { action: VIEW_ACTION[group] }, schema: { response: { 200: reply } } }, async () => ({
      data: present(group, await readSettings(app.ctx, group)) as never,
    }));
    app.put(`/settings/${group}`, { config: { action: "settings.update" }, schema: { body: SETTINGS_BODIES[group], response: { 200: reply } } }, async (request) => ({
      data: present(group, await updateSettings(app.ctx, request.author, group, request.body as never)) as never,
      message: request.t("settings.saved"),
    }));
  }

  app.get("/settings/preferences", { config: { action: "account.view" }, schema: { response: { 200: dataReply(preferencesRecord) } } }, async (request) => ({
    data: await readPreferences(app.ctx, request.user.id),
  }));
  app.put("/settings/preferences", { config: { action: "account.update" }, schema: { body: preferencesBody, response: { 200: dataReply(preferencesRecord) } } }, async (request) => ({
    data: await updatePreferences(app.ctx, request.user, request.author, request.body),
    message: request.t("settings.saved"),
  }));

  app.get(
    "/settings/system/outbox",
    { config: { action: "settings.viewOutbox" }, schema: { querystring: listQuerySchema(outboxList), response: { 200: listReply(outboxRecord) } } },
    async (request) => listOutbox(app.ctx, request.query),
  );
};
