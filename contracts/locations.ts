/**
 * Work locations: where people clock in. A circle on the map (centre and
 * radius in metres) that attendance checks positions against.
 */
import { z } from "zod";
import { isoTimestamp } from "./replies";
import { MESSAGE, optionalText, requiredText } from "./validation";

/** A circle smaller than a building's doorway or larger than a town is a typing mistake. */
export const RADIUS_METRES = { min: 10, max: 50_000 } as const;

const coordinate = (limit: number, message: string) =>
  z.number({ error: MESSAGE.invalidType }).min(-limit, { error: message }).max(limit, { error: message });

const locationFields = {
  name: requiredText(120),
  address: optionalText(500),
  latitude: coordinate(90, "locations.latitudeRange"),
  longitude: coordinate(180, "locations.longitudeRange"),
  radius_m: z
    .number({ error: MESSAGE.invalidType })
    .int({ error: "locations.radiusRange" })
    .min(RADIUS_METRES.min, { error: "locations.radiusRange" })
    .max(RADIUS_METRES.max, { error: "locations.radiusRange" }),
  active: z.boolean({ error: MESSAGE.invalidType }),
};

export const locationBody = z.strictObject({ ...locationFields, active: locationFields.active.default(true) });

export const locationUpdateBody = z.strictObject(locationFields).partial();

export const locationRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  radius_m: z.number().int(),
  active: z.boolean(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});

export type LocationRecord = z.infer<typeof locationRecord>;
