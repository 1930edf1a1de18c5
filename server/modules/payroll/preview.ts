/**
 * Trying a component before saving it: evaluated for one person and period
 * with everything else as it is (the same inputs and engine as a run), so
 * the formula editor shows the amount and what the formula read.
 */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { PreviewReply, previewBody } from "../../../contracts/payroll";
import { payComponents, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField } from "../../lib/errors";
import { companyFacts } from "../company/facts";
import { checkComponentSet, newComponent } from "./components";
import { computePay, PersonPayError, toMinor } from "./engine";
import { PayDecimal } from "./formula";
import { loadRunInputs, personInputs } from "./inputs";

export async function previewComponent(ctx: AppContext, body: z.output<typeof previewBody>): Promise<PreviewReply> {
  const [person] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, body.user_id));
  if (!person) throw invalidField("user_id", "payroll.preview.unknownPerson");
  if (body.period_end < body.period_start) throw invalidField("period_end", "payroll.runs.endBeforeStart");
  // The component as typed, in place of the stored one of that code (if any).
  const [stored] = await ctx.db.select({ id: payComponents.id }).from(payComponents).where(eq(payComponents.code, body.component.code));
  const component = { ...newComponent(body.component), id: stored?.id ?? 0, active: true };
  const plan = await checkComponentSet(ctx.db, { changed: component }).catch((error: unknown) => {
    // The body holds the component under `component`: its fields are named from there.
    if (error instanceof HttpError && error.fieldErrors) {
      throw new HttpError(error.statusCode, error.messageKey, error.params, Object.fromEntries(Object.entries(error.fieldErrors).map(([field, list]) => [`component.${field}`, list])));
    }
    throw error;
  });
  const { currency } = await companyFacts(ctx.db);
  const inputs = { ...(await loadRunInputs(ctx, { period: { start: body.period_start, end: body.period_end }, pay_date: body.period_end, people: { user_ids: [person.id] }, kind: "off_cycle", currency })), plan };
  const who = inputs.people[0];
  if (!who) throw invalidField("user_id", "payroll.preview.notEmployed");
  const { pay, variables, codeReadings } = personInputs(inputs, who);
  if (pay.kind === "missing_rate") throw invalidField("user_id", "payroll.preview.missingRate");
  if (pay.kind === "other_currency") throw invalidField("user_id", "payroll.preview.otherCurrency", { currency: pay.currency });
  try {
    const result = computePay(plan, inputs.tables, variables!, inputs.overrides.get(who.id) ?? new Map(), inputs.money, { monthToDate: inputs.monthToDate.get(who.id), codeReadings });
    const employer = result.lines.find((line) => line.kind === "employer" && line.code === component.code);
    const planned = plan.byCode.get(component.code)!;
    const calculations = [planned.compiled, ...(planned.employer ? [planned.employer] : [])];
    const read = new Set(calculations.flatMap((compiled) => compiled.reads));
    const monthly = new Set(calculations.flatMap((compiled) => compiled.monthToDate));
    const paidThisMonth = inputs.monthToDate.get(who.id);
    return {
      amount: toMinor(result.values.get(component.code)!, inputs.money.digits),
      employer_amount: component.employer_share ? (employer?.amount ?? 0) : null,
      currency,
      inputs: Object.fromEntries([
        // A code function's reading the person has nothing of is 0 (leave_days("ML") of someone never on it).
        ...[...read].sort().map((name) => [name, (result.values.get(name) ?? new PayDecimal(0)).toString()]),
        ...[...monthly].sort().map((code) => [`mtd("${code}")`, (paidThisMonth?.get(code) ?? new PayDecimal(0)).toString()]),
      ]),
    };
  } catch (error) {
    if (!(error instanceof PersonPayError)) throw error;
    const field = error.code === component.code ? "component.calculation" : "component";
    throw new HttpError(422, error.error.key, error.error.params, { [field]: [{ key: error.error.key, params: error.error.params }] });
  }
}
