/**
 * The formula sets payslips' explanations name: kept once per distinct set of calculations, in the transaction that writes
 * the payslips using it, and never deleted (a payslip's account of itself outlives any edit of the components).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payFormulaSets } from "../../db/schema";
import type { FormulaSet } from "./plan";

export async function keepFormulaSet(db: Db, set: FormulaSet): Promise<void> {
  await db.insert(payFormulaSets).values({ digest: set.digest, components: set.components }).onConflictDoNothing();
}

export async function formulaSet(db: Db, digest: string): Promise<FormulaSet["components"] | undefined> {
  const [row] = await db.select({ components: payFormulaSets.components }).from(payFormulaSets).where(eq(payFormulaSets.digest, digest));
  return row?.components;
}
