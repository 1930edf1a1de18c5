/**
 * The demo company's leave types, as an HR officer would enter them at /leave/types: the company's own vacation and sick
 * leave, and the Philippine statutory kinds with the days the law grants.
 *
 * - Service incentive leave: 5 days a year with pay after a year of service (Labor Code art. 95).
 * - Maternity leave: 105 days with pay (RA 11210, the Expanded Maternity Leave Law), calendar days, per delivery: kept
 *   as a year's entitlement here until requests count statutory leave per event.
 * - Paternity leave: 7 days with pay (RA 8187).
 * - Solo parent leave: 7 days with pay after six months of service (RA 11861, the Expanded Solo Parents Welfare Act).
 */
import { sql } from "drizzle-orm";
import { leaveTypeBody, type LeaveTypeBody } from "../../contracts/leave";
import type { Db } from "./client";
import { leaveTypes, users } from "./schema";

export const DEMO_LEAVE_TYPES: Partial<LeaveTypeBody>[] = [
  { code: "VL", name: "Vacation leave", paid: true, yearly_days: 15, accrual: "monthly", carry_over_days: 5 },
  { code: "SL", name: "Sick leave", paid: true, yearly_days: 15, accrual: "monthly", needs_approval: true, document_after_days: 2 },
  { code: "SIL", name: "Service incentive leave", paid: true, yearly_days: 5, service_months: 12 },
  { code: "ML", name: "Maternity leave", paid: true, yearly_days: 105, calendar_days: true, document_after_days: 0 },
  { code: "PL", name: "Paternity leave", paid: true, yearly_days: 7, document_after_days: 0 },
  { code: "SPL", name: "Solo parent leave", paid: true, yearly_days: 7, service_months: 6, document_after_days: 0 },
  { code: "LWOP", name: "Leave without pay", paid: false, yearly_days: 0, negative_days: 366 },
];

/**
 * Each team's head decides its leave: a person's manager is the head (the Manager role) of their department, and the
 * heads answer to the managing director (the administrator). Nobody manages themselves.
 */
async function seedManagers(db: Db): Promise<void> {
  await db.execute(sql`
    with heads as (
      select distinct on (lower(u.department)) lower(u.department) as department, u.id
      from ${users} u join roles r on r.id = u.role_id
      where r.name = 'Manager' and u.archived_at is null order by lower(u.department), u.hire_date, u.id
    ), director as (
      select u.id from ${users} u where u.access_level = 0 and u.archived_at is null order by u.id limit 1
    )
    update ${users} p set manager_id = coalesce(
      (select h.id from heads h where h.department = lower(p.department) and h.id <> p.id),
      (select d.id from director d where d.id <> p.id))
    where p.archived_at is null
  `);
}

export async function seedDemoLeave(db: Db, now: Date): Promise<void> {
  await seedManagers(db);
  // The checks a user's entry passes: a type the API would refuse never reaches the demo.
  const types = DEMO_LEAVE_TYPES.map((type) => leaveTypeBody.parse(type));
  await db.insert(leaveTypes).values(types.map((type) => ({ ...type, created_at: now, updated_at: now })));
}
