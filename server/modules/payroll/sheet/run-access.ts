/** The run a sheet call is about, loaded and checked against the call's policy verb (404, 403, or the verb's 409). */
import type { Actor } from "../../../../contracts/policies";
import type { AppContext } from "../../../lib/context";
import { notFound } from "../../../lib/errors";
import { authorize } from "../../../lib/policy";
import { readSettings } from "../../settings/service";
import { loadRun, subjectOfRun } from "../runs";

export type SheetAction = "payroll.sheet" | "payroll.import" | "payroll.bankFile";

export async function runFor(ctx: AppContext, actor: Actor, id: number, action: SheetAction) {
  const view = await loadRun(ctx.db, id);
  if (!view) throw notFound();
  authorize(actor, action, subjectOfRun(view.run, (await readSettings(ctx, "payroll")).separate_approver));
  return view;
}
