import type { Me } from "../../contracts/auth";
import type { ComparisonReply, PayslipRecord, RunRecord } from "../../contracts/payroll";
import { page, signedInAs } from "./session";

/** /payslips signed in as `me`: the rows listed, `run` the one run to narrow by (and read by its id), nobody found by name. */
export function payslipsListSession(me: Me, rows: PayslipRecord[], run: RunRecord) {
  const fake = signedInAs(me);
  fake.on("GET", "/payslips", page(rows));
  fake.on("GET", "/payroll", page([run]));
  fake.on("GET", `/payroll/${run.id}`, [200, { data: run }]);
  fake.on("GET", "/users/lookup", [200, { data: [] }]);
  return fake;
}

/** One run's review signed in as `me`: the run, its payslips and its comparison with the run before. */
export function runReviewSession(me: Me, shown: RunRecord, payslips: PayslipRecord[], comparison: ComparisonReply) {
  const fake = signedInAs(me);
  fake.on("GET", `/payroll/${shown.id}`, [200, { data: shown }]);
  fake.on("GET", "/payslips", page(payslips));
  fake.on("GET", `/payroll/${shown.id}/comparison`, [200, { data: comparison }]);
  return fake;
}
