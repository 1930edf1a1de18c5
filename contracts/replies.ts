/**
 * The shapes every API reply takes (architecture page: API conventions), as
 * zod schemas: the server serializes each reply through its route's schema,
 * so no undeclared field can leave it, and /api/docs describes the same.
 */
import { z } from "zod";

/** `{ "message": "..." }`: what a reply says beside its data, or alone. */
export const messageReply = z.object({ message: z.string() });

/** `{ "message", "errors"?: { field: [messages] } }`: every 4xx and 5xx. */
export const errorReply = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() });

/** `{ "data": ..., "message"? }`. */
export const dataReply = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

export const listMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  total_capped: z.boolean(),
});

/** `{ "data": [...], "meta": { current_page, per_page, total, last_page, total_capped } }`. */
export const listReply = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMetaSchema });

/** Timestamps travel as ISO 8601 strings. */
export const isoTimestamp = z.iso.datetime({ offset: true });

/** `{ "total", "items" }`: a capped list (a dashboard's widget): its first rows, and how many there are in all. */
export const cappedList = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int().nonnegative(), items: z.array(item) });
