import { z } from "zod";
import { isPermission } from "./permissions";
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

export interface RoleRecord {
  id: number;
  name: string;
  description: string | null;
  permissions: string[];
  users_count: number;
  created_at: string;
  updated_at: string;
}
