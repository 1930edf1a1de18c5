import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { LOOKUP_DEFAULT, type PersonLookup, type PersonLookupQuery } from "../../../contracts/users";
import { users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { escapeLike } from "../../lib/list";
import { signPath } from "../../lib/signed-urls";

/**
 * What a search looks in. Not the e-mail: a caller who may not read it
 * could otherwise confirm an address letter by letter.
 */
const SEARCHED = [users.name, users.employee_number];

/**
 * People as a picker names them, for anyone whose work means choosing a
 * person: a search finds people still with the company (not archived, not
 * deactivated), by name or number; given ids are named whoever they were,
 * so a page about a former employee still says whose it is.
 */
export async function lookupPeople(ctx: AppContext, query: PersonLookupQuery): Promise<PersonLookup[]> {
  const conditions: SQL[] = query.ids ? [inArray(users.id, query.ids)] : [isNull(users.archived_at), eq(users.is_active, true)];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(...SEARCHED.map((column) => sql`lower(${column}) like lower(${pattern}::text)`))!);
  }
  const rows = await ctx.db
    .select({ id: users.id, name: users.name, employee_number: users.employee_number, department: users.department, picture: users.profile_picture_id })
    .from(users)
    .where(and(...conditions))
    .orderBy(sql`lower(${users.name})`, users.id)
    .limit(query.ids ? query.ids.length : (query.per_page ?? LOOKUP_DEFAULT));
  const now = ctx.clock.now();
  return rows.map(({ picture, ...person }) => (picture ? { ...person, avatar_url: signPath(ctx.config.appKey, `/api/files/${picture}`, now) } : person));
}
