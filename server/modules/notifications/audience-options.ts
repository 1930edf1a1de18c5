import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { AUDIENCE_PEOPLE, type AudienceOptions } from "../../../contracts/notifications";
import type { Db } from "../../db/client";
import { roles, users } from "../../db/schema";
import { escapeLike } from "../../lib/list";
import { signInAllowed } from "../auth/sessions";

/**
 * What a broadcast can be sent to, as its sender picks: the roles and
 * departments with the number of people each reaches (those who can sign in,
 * as the broadcast counts them), and the people a search finds. Three grouped
 * queries, whatever the company's size.
 */
export async function audienceOptions(db: Db, search: string | undefined): Promise<AudienceOptions> {
  // Departments are typed by hand: "finance " is Finance, as the broadcast matches them.
  const department = sql<string>`min(btrim(${users.department}))`;
  const [roleRows, departmentRows, people] = await Promise.all([
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
    search
      ? db
          .select({ id: users.id, name: users.name, department: users.department })
          .from(users)
          .where(and(signInAllowed, sql`(lower(${users.name}) like ${pattern(search)} or lower(${users.email}) like ${pattern(search)} or lower(${users.employee_number}) like ${pattern(search)})`))
          .orderBy(sql`lower(${users.name})`, users.id)
          .limit(AUDIENCE_PEOPLE)
      : Promise.resolve([]),
  ]);
  return { roles: roleRows, departments: departmentRows, people };
}

/** A LIKE pattern matching the text anywhere, its own % and _ taken literally. */
const pattern = (text: string) => `%${escapeLike(text.toLowerCase())}%`;
