/**
 * The small pay set-up the payroll API tests give their own company (USD):
 * BASIC (basic), OT (hourly_rate × overtime_hours × 1.25), ALLOW (100.00, not
 * taxable), LEVY (10% of BASIC before tax, the employer another 5%), TAX (20%
 * of taxable); and its creation through the API.
 */
import type { TestApp } from "./api";
import { requestsTo } from "./requests";

/** POST /api/pay-components bodies, in their order on a payslip. */
export const TEST_PAY_COMPONENTS: { code: string; [field: string]: unknown }[] = [
  { code: "BASIC", name: "Basic pay", kind: "earning", taxable: true, calculation: { type: "formula", expression: "basic" }, order: 1 },
  { code: "OT", name: "Overtime", kind: "earning", taxable: true, calculation: { type: "formula", expression: "hourly_rate * overtime_hours * 1.25" }, order: 2 },
  { code: "ALLOW", name: "Allowance", kind: "earning", calculation: { type: "fixed", amount: "100.00" }, order: 3 },
  { code: "LEVY", name: "Levy", kind: "deduction", pre_tax: true, calculation: { type: "percent", rate: "0.10", of: "BASIC" }, employer_share: { type: "percent", rate: "0.05", of: "BASIC" }, order: 4 },
  { code: "TAX", name: "Tax", kind: "deduction", calculation: { type: "formula", expression: "taxable * 0.2" }, order: 5 },
];

/** Creates `components` one after another as the administrator (each a 201); their ids by code. */
export async function createPayComponents(t: TestApp, admin: string, components = TEST_PAY_COMPONENTS): Promise<Record<string, number>> {
  const { must } = requestsTo(() => t);
  const ids: Record<string, number> = {};
  for (const body of components) ids[body.code] = (await must(admin, "POST", "/api/pay-components", body, 201)).id;
  return ids;
}
