/**
 * Payslips as documents: everything a payslip prints (company, person,
 * period, lines, totals, attendance, year to date), loaded set-based for any
 * number of payslips at once, so a run's ZIP reads a batch in three
 * statements rather than three per person.
 */
import { eq, sql } from "drizzle-orm";
import type { LineKind } from "../../../contracts/payroll";
import type { PayslipDocument, YearToDate } from "../../../contracts/payslips";
import type { Db } from "../../db/client";
import { payrollRuns, payslips, users } from "../../db/schema";
import { anyOf } from "../../lib/any-of";
import { loadProfile, type ProfileRow } from "../company/facts";
import { languageOf } from "../notifications/wording";

/** A document and what only the server needs beside it: whose birth date and number open its PDF, and the subject the policy reads. */
export interface LoadedDocument {
  document: PayslipDocument;
  birth_date: string | null;
  employee_number: string | null;
  user_id: number;
  withdrawn: boolean;
}

/** "•••• 4321": enough to recognise one's account, not enough to use it. */
export function maskAccount(account: string | null): string | null {
  const compact = account?.replace(/\s+/g, "") ?? "";
  if (compact.length === 0) return null;
  return compact.length <= 4 ? "••••" : `•••• ${compact.slice(-4)}`;
}

function companyOf(profile: ProfileRow): PayslipDocument["company"] {
  const place = [profile.city, profile.region, profile.postal_code].filter(Boolean).join(", ");
  return {
    name: profile.trading_name || profile.legal_name,
    address: [profile.address_line1, profile.address_line2, place, profile.country].filter((line): line is string => Boolean(line)),
    registration_number: profile.registration_number,
    tax_number: profile.tax_number,
    has_logo: profile.logo_file_id !== null,
  };
}

const KIND_ORDER: Record<LineKind, number> = { earning: 0, deduction: 1, employer: 2 };

type Rows<T> = { rows: T[] };

/**
 * Year-to-date sums of each payslip's person: the calendar year of its pay
 * date up to that date, over released payslips still standing in the same
 * currency (amounts in another currency are not added in), the payslip itself
 * included whatever its state (a preview shows the year as it will be).
 */
async function yearsToDate(db: Db, ids: readonly number[]): Promise<Map<number, YearToDate>> {
  const history = sql`
    with target as (
      select p.id, p.user_id, p.currency, r.pay_date from ${payslips} p join ${payrollRuns} r on r.id = p.payroll_id where ${anyOf(sql`p.id`, ids)}
    )
    select t.id as target_id, q.gross, q.deductions, q.net, q.taxable, q.lines
    from target t
    join ${payslips} q on q.user_id = t.user_id
    join ${payrollRuns} r on r.id = q.payroll_id
    where q.id = t.id
       or (r.status = 'released' and q.withdrawn_at is null and q.currency = t.currency
           and r.pay_date >= date_trunc('year', t.pay_date)::date and r.pay_date <= t.pay_date)`;
  const totals = (await db.execute(sql`
    select h.target_id, sum(h.gross)::bigint as gross, sum(h.deductions)::bigint as deductions, sum(h.net)::bigint as net, sum(h.taxable)::bigint as taxable
    from (${history}) h group by h.target_id`)) as unknown as Rows<{ target_id: number; gross: string | number; deductions: string | number; net: string | number; taxable: string | number }>;
  const lines = (await db.execute(sql`
    select h.target_id, l->>'kind' as kind, l->>'code' as code, max(l->>'name') as name, sum((l->>'amount')::bigint)::bigint as amount
    from (${history}) h cross join lateral jsonb_array_elements(h.lines) l
    group by h.target_id, l->>'kind', l->>'code'`)) as unknown as Rows<{ target_id: number; kind: LineKind; code: string; name: string; amount: string | number }>;
  const result = new Map<number, YearToDate>();
  for (const row of totals.rows) {
    result.set(Number(row.target_id), { gross: Number(row.gross), deductions: Number(row.deductions), net: Number(row.net), taxable: Number(row.taxable), lines: [] });
  }
  for (const row of lines.rows) result.get(Number(row.target_id))?.lines.push({ code: row.code, name: row.name, kind: row.kind, amount: Number(row.amount) });
  for (const ytd of result.values()) ytd.lines.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.code.localeCompare(b.code));
  return result;
}

/** The documents of the payslips named, in the order of `ids`; ids not found are left out. */
export async function loadDocuments(db: Db, ids: readonly number[]): Promise<LoadedDocument[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ payslip: payslips, run: payrollRuns, person: users })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payroll_id))
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(anyOf(payslips.id, ids));
  const [profile, ytd] = await Promise.all([loadProfile(db), yearsToDate(db, ids)]);
  const company = companyOf(profile);
  const byId = new Map(rows.map((row) => [row.payslip.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { payslip, run, person } = row;
    const document: PayslipDocument = {
      id: payslip.id,
      language: languageOf(person.preferences?.language),
      currency: payslip.currency,
      company,
      person: {
        id: person.id,
        name: person.name,
        employee_number: person.employee_number,
        department: person.department,
        position: person.position,
        tax_id: person.tax_id,
        bank_name: person.bank_name,
        bank_account_masked: maskAccount(person.bank_account),
      },
      run: { id: run.id, name: run.name, kind: run.kind, status: run.status, period_start: run.period_start, period_end: run.period_end, pay_date: run.pay_date },
      lines: payslip.lines,
      gross: payslip.gross,
      deductions: payslip.deductions,
      net: payslip.net,
      employer_cost: payslip.employer_cost,
      taxable: payslip.taxable,
      inputs: payslip.inputs,
      year_to_date: ytd.get(id) ?? { gross: payslip.gross, deductions: payslip.deductions, net: payslip.net, taxable: payslip.taxable, lines: [] },
      note: payslip.note,
      withdrawn: payslip.withdrawn_at ? { at: payslip.withdrawn_at.toISOString(), reason: payslip.withdrawn_reason ?? "" } : null,
    };
    return [{ document, birth_date: person.birth_date, employee_number: person.employee_number, user_id: person.id, withdrawn: payslip.withdrawn_at !== null }];
  });
}

/** The PDF's password when the company protects payslips: what the person knows, birth date (YYYYMMDD) then employee number. */
export function pdfPassword(loaded: Pick<LoadedDocument, "birth_date" | "employee_number">): string | null {
  const password = `${loaded.birth_date?.replaceAll("-", "") ?? ""}${loaded.employee_number ?? ""}`;
  return password.length > 0 ? password : null;
}
