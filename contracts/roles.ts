import { z } from "zod";
import { isPermission } from "./permissions";
import { isoTimestamp } from "./replies";
import { MESSAGE, optionalText, requiredText } from "./validation";

export const roleBody = z.strictObject({
  name: requiredText(80),
  description: optionalText(500),
  permissions: z
    .array(z.string({ error: MESSAGE.invalidType }), { error: MESSAGE.invalidType })
    .max(100, { error: MESSAGE.invalid })
    .superRefine((names, ctx) => {
      for (const name of names) {
        if (!isPermission(name)) ctx.addIssue({ code: "custom", message: "roles.unknownPermission", params: { name } });
      }
    })
    .transform((names) => [...new Set(names)]),
});

export const roleUpdateBody = roleBody.partial();

export const roleRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  /** How many people hold the role. */
  users_count: z.number().int(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});

export type RoleRecord = z.infer<typeof roleRecord>;

export const roleOption = z.object({ id: z.number().int(), name: z.string() });
