import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import type { AudienceOptions } from "../../../contracts/notifications";
import type { Db } from "../../db/client";
import { roles, users } from "../../db/schema";
import { signInAllowed } from "../auth/sessions";

/**
 * What a broadcast can be sent to, as its sender picks: everyone, the roles and
 * departments, with the number of people each reaches (those who can sign in,
 * as the broadcast counts them); people are picked through the people lookup
 * (GET /api/users/lookup). A count and two grouped queries, whatever the company's size.
 */
export async function audienceOptions(db: Db): Promise<AudienceOptions> {
  // Departments are typed by hand: "finance " is Finance, as the broadcast matches them.
  const department = sql<string>`min(btrim(${users.department}))`;
  const [[everyone], roleRows, departmentRows] = await Promise.all([
    db.select({ people: sql<number>`${count()}::int` }).from(users).where(signInAllowed),
    db
      .select({ id: roles.id, name: roles.name, people: sql<number>`count(${users.id})::int` })
      .from(roles)
      .leftJoin(users, and(eq(users.role_id, roles.id), signInAllowed))
      .groupBy(roles.id)
      .orderBy(asc(roles.name)),
    db
      .select({ name: department, people: sql<number>`${count()}::int` })
      .from(users)
      .where(and(signInAllowed, isNotNull(users.department), sql`btrim(${users.department}) <> ''`))
      .groupBy(sql`lower(btrim(${users.department}))`)
      .orderBy(sql`lower(btrim(${users.department}))`),
  ]);
  return { everyone: everyone.people, roles: roleRows, departments: departmentRows };
}
