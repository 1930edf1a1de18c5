/**
 * The roles the demo company starts with, by a stable key. A role's stored
 * description is data (people edit it, and roles they make have their own), so
 * the seed stores the English text below; while a role's description is still
 * exactly that text, the app shows `roles.builtIn.<key>` in the reader's
 * language instead. An edited description is shown as written.
 */
export const BUILT_IN_ROLE_DESCRIPTIONS = {
  administrator: "Full access to every area",
  hrOfficer: "Keeps employee records and runs attendance",
  payrollOfficer: "Prepares payroll and payslips and sees pay",
  manager: "Looks up the team and follows its attendance",
  employee: "Own attendance, payslips and profile",
} as const;

export type BuiltInRoleKey = keyof typeof BUILT_IN_ROLE_DESCRIPTIONS;

/** The built-in role whose seeded description `description` still is, if any. */
export function builtInRoleKey(description: string | null | undefined): BuiltInRoleKey | null {
  if (!description) return null;
  const entry = Object.entries(BUILT_IN_ROLE_DESCRIPTIONS).find(([, text]) => text === description);
  return entry ? (entry[0] as BuiltInRoleKey) : null;
}
