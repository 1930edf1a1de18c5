import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { locationBody, locationRecord, locationUpdateBody } from "../../../contracts/locations";
import { workLocations } from "../../db/schema";
import { crudRoutes } from "../../lib/crud";
import { defineListSpec } from "../../lib/list";

/** Work locations: a plain resource, all of it declared here. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) =>
  crudRoutes(app, {
    resource: "locations",
    path: "/locations",
    subjectType: "location",
    table: workLocations,
    list: defineListSpec({
      fields: {
        name: { column: workLocations.name, kind: "text" },
        address: { column: workLocations.address, kind: "text" },
        radius_m: { column: workLocations.radius_m, kind: "number" },
        active: { column: workLocations.active, kind: "choice", values: { true: true, false: false } },
        created_at: { column: workLocations.created_at, kind: "date" },
      },
      defaultSort: "name",
      search: [workLocations.name, workLocations.address],
    }),
    schemas: { record: locationRecord, create: locationBody, update: locationUpdateBody },
    toRecord: (row: typeof workLocations.$inferSelect) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }),
    subject: () => undefined,
    unique: [{ field: "name", column: workLocations.name, message: "locations.nameTaken" }],
    messages: { created: "locations.created", updated: "locations.updated", deleted: "locations.deleted" },
  });
