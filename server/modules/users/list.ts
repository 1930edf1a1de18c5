import { and, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { can, type Actor } from "../../../contracts/policies";
import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES, PAY_BASES, type UserRecord } from "../../../contracts/users";
import type { ListResponse } from "../../../contracts/list";
import { roles, twoFactor, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { defineListSpec, paged, parseListQuery, rowsOf, type ListField } from "../../lib/list";
import { toUserRecord, workLocationIds } from "./service";

const commonFields = {
  name: { column: users.name, kind: "text" },
  first_name: { column: users.first_name, kind: "text" },
  last_name: { column: users.last_name, kind: "text" },
  email: { column: users.email, kind: "text" },
  employee_number: { column: users.employee_number, kind: "text" },
  department: { column: users.department, kind: "text" },
  position: { column: users.position, kind: "text" },
  phone: { column: users.phone, kind: "text" },
  employment_status: { column: users.employment_status, kind: "choice", values: EMPLOYMENT_STATUSES },
  employment_type: { column: users.employment_type, kind: "choice", values: EMPLOYMENT_TYPES },
  access_level: { column: users.access_level, kind: "choice", values: { "0": 0, "1": 1, "2": 2 } },
  role_id: { column: users.role_id, kind: "number" },
  is_active: { column: users.is_active, kind: "choice", values: { true: true, false: false } },
  hire_date: { column: users.hire_date, kind: "date" },
  end_date: { column: users.end_date, kind: "date" },
  created_at: { column: users.created_at, kind: "date" },
} satisfies Record<string, ListField>;

const search = [users.name, users.email, users.employee_number];

const payFields = {
  base_rate: { column: users.base_rate, kind: "number" },
  pay_basis: { column: users.pay_basis, kind: "choice", values: PAY_BASES },
} satisfies Record<string, ListField>;

/** Whether the person has two-factor sign-in on (true or false): "who has not set it up yet". */
const twoFactorFields = {
  two_factor: { column: sql<boolean>`exists (select 1 from ${twoFactor} where ${twoFactor.user_id} = ${users.id})`, kind: "choice", values: { true: true, false: false } },
} satisfies Record<string, ListField>;

/**
 * Pay columns are filterable and sortable only for readers who may see pay,
 * two-factor only for those who may see it (users.viewTwoFactor): a filter
 * would reveal them otherwise.
 */
const specs = {
  everyone: defineListSpec({ fields: commonFields, defaultSort: "name", search }),
  pay: defineListSpec({ fields: { ...commonFields, ...payFields }, defaultSort: "name", search }),
  twoFactor: defineListSpec({ fields: { ...commonFields, ...twoFactorFields }, defaultSort: "name", search }),
  both: defineListSpec({ fields: { ...commonFields, ...payFields, ...twoFactorFields }, defaultSort: "name", search }),
};

/** The widest list (a reader who may see pay and two-factor): what the API reference documents. */
export const widestSpec = specs.both;

function specFor(actor: Actor) {
  const pay = can(actor, "users.viewPay");
  const twoFactorToo = can(actor, "users.viewTwoFactor");
  return pay && twoFactorToo ? specs.both : pay ? specs.pay : twoFactorToo ? specs.twoFactor : specs.everyone;
}

/** The people list: archived people only when asked for (archived=1), never mixed with the rest. */
export async function listUsers(ctx: AppContext, actor: Actor, query: Record<string, unknown>): Promise<ListResponse<UserRecord>> {
  const list = parseListQuery(query, specFor(actor));
  const scope: SQL = query.archived === "1" ? isNotNull(users.archived_at) : isNull(users.archived_at);
  const now = ctx.clock.now();
  return paged(ctx.db, list, {
    rows: async ({ where, orderBy, limit, offset }) => {
      const rows = await ctx.db
        .select({ user: users, workLocationIds, twoFactorEnabledAt: twoFactor.enabled_at, roleId: roles.id, roleName: roles.name, rolePermissions: roles.permissions })
        .from(users)
        .leftJoin(roles, eq(roles.id, users.role_id))
        .leftJoin(twoFactor, eq(twoFactor.user_id, users.id))
        .where(and(scope, where))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
      return rows.map((row) =>
        toUserRecord({ ...row.user, work_location_ids: row.workLocationIds, two_factor_enabled_at: row.twoFactorEnabledAt }, row.roleId !== null ? { id: row.roleId, name: row.roleName!, permissions: row.rolePermissions! } : null, actor, ctx.config.appKey, now),
      );
    },
    count: (where) => rowsOf(ctx.db, users, and(scope, where)),
  });
}

