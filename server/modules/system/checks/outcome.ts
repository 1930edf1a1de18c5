/**
 * What one check reports, and the helpers every check writes it with: its
 * figures, and the findings (the worst decides the status and the advice).
 */
import type { SQL } from "drizzle-orm";
import type { CheckAdvice, CheckFact, CheckFactName, CheckNote, CheckStatus, SystemCheckResult } from "../../../../contracts/system-check";
import type { Db } from "../../../db/client";

export type Outcome = Omit<SystemCheckResult, "key">;

export const fact = {
  text: (name: CheckFactName, value: string): CheckFact => ({ name, kind: "text", value }),
  count: (name: CheckFactName, value: number): CheckFact => ({ name, kind: "count", value }),
  bytes: (name: CheckFactName, value: number): CheckFact => ({ name, kind: "bytes", value }),
  /** Whole milliseconds. */
  duration: (name: CheckFactName, ms: number): CheckFact => ({ name, kind: "duration", value: Math.round(ms) }),
  datetime: (name: CheckFactName, value: Date): CheckFact => ({ name, kind: "datetime", value: value.toISOString() }),
  yesNo: (name: CheckFactName, value: boolean): CheckFact => ({ name, kind: "yesNo", value }),
};

/** Something a check found wrong, and what to do about it. */
export interface Finding {
  status: Exclude<CheckStatus, "pass">;
  advice: CheckAdvice;
}

/** A finding when `condition` holds: checks list theirs, most serious first within each status. */
export const when = (condition: boolean, status: Finding["status"], advice: CheckAdvice): Finding | null => (condition ? { status, advice } : null);

/** The check's figures and its verdict: the first failure found, else the first warning, else a pass. */
export function verdict(facts: CheckFact[], findings: (Finding | null)[], note: CheckNote | null = null): Outcome {
  const found = findings.filter((finding): finding is Finding => finding !== null);
  const worst = found.find((finding) => finding.status === "fail") ?? found[0];
  return { status: worst?.status ?? "pass", facts, advice: worst?.advice ?? null, note };
}


/** The rows of a raw query, as both drivers return them. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
