/**
 * GET /api/payroll/{id}/bank-file: the released run's transfers for the
 * bank's upload, one CSV line per person paid (net > 0, payslip not
 * withdrawn): employee number, name, bank, the full account number, net in
 * major units, currency, pay date. People without a bank or an account
 * cannot be in such a file: they are left out and counted for the caller.
 * The file carries account numbers, so each download is kept in the
 * activity log (who, when, from where, how many people and how much).
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Actor } from "../../../../contracts/policies";
import { payslips, users } from "../../../db/schema";
import { recordActivity } from "../../../lib/audit";
import type { AppContext } from "../../../lib/context";
import type { CsvCell } from "../../../lib/csv";
import type { Translate } from "../../../lib/i18n";
import type { Author } from "../../../lib/write";
import { majorTextIn, runFileName } from "./layout";
import { runFor } from "./run-access";

const COLUMNS = ["employee_number", "name", "bank_name", "bank_account", "net", "currency", "pay_date"] as const;

const blank = (text: string | null) => text === null || text.trim() === "";

export async function bankFile(ctx: AppContext, actor: Actor, author: Author, id: number, t: Translate): Promise<{ name: string; header: string[]; rows: CsvCell[][]; missing: number }> {
  const { run } = await runFor(ctx, actor, id, "payroll.bankFile");
  const paid = await ctx.db
    .select({ employee_number: users.employee_number, name: users.name, bank_name: users.bank_name, bank_account: users.bank_account, net: payslips.net })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(and(eq(payslips.payroll_id, run.id), gt(payslips.net, 0), isNull(payslips.withdrawn_at)))
    .orderBy(sql`lower(${users.name})`, users.id);
  const payable = paid.filter((person) => !blank(person.bank_name) && !blank(person.bank_account));
  const majorText = majorTextIn(run.currency);
  const rows = payable.map((person): CsvCell[] => [person.employee_number, person.name, person.bank_name!.trim(), person.bank_account!.trim(), majorText(person.net), run.currency, run.pay_date]);
  const missing = paid.length - payable.length;
  const net = payable.reduce((total, person) => total + person.net, 0);
  await recordActivity(ctx.db, {
    actorId: author.actorId,
    action: "payroll.bank_file_downloaded",
    subjectType: "payroll",
    subjectId: run.id,
    changes: { people: payable.length, net, missing_bank_details: missing },
    origin: author.origin,
    at: ctx.clock.now(),
  });
  return { name: runFileName("bank-transfers", run), header: COLUMNS.map((column) => t(`payrollSheet.bank.${column}`)), rows, missing };
}
