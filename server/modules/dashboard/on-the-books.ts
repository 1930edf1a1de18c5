import { and, isNull, ne } from "drizzle-orm";
import { users } from "../../db/schema";

/** The people a dashboard counts: on the books (not archived) and not gone (not terminated). */
export const onTheBooks = and(isNull(users.archived_at), ne(users.employment_status, "terminated"));
