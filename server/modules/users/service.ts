import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { invalidField } from "../../lib/errors";
import { hashPassword, type HashingCost } from "../../lib/passwords";

export interface NewUser {
  name: string;
  email: string;
  password: string;
  access_level: number;
  role_id: number | null;
}

/** Creates a sign-in account; the address must be free (422 on the email field otherwise). */
export async function createUserRecord(db: Db, input: NewUser, cost: HashingCost, now: Date) {
  const email = input.email.trim().toLowerCase();
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw invalidField("email", "validation.emailTaken");
  const [user] = await db
    .insert(users)
    .values({
      name: input.name,
      email,
      password_hash: await hashPassword(input.password, cost),
      access_level: input.access_level,
      role_id: input.role_id,
      created_at: now,
      updated_at: now,
    })
    .returning();
  return user;
}
