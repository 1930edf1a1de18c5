/**
 * A rate table's answer for x: progressive brackets (base + rate × (x − over)
 * for the row with the greatest `over` below x) or bands (the value of the
 * band holding x, from ≤ x ≤ to). Below the first bracket, or in no band, it
 * is 0: a table that should answer there says so with a row.
 */
import type { BandRow, ProgressiveRow, RateTableKind } from "../../../contracts/payroll";
import { PayDecimal, type Dec } from "./formula";

export interface RateTable {
  code: string;
  kind: RateTableKind;
  rows: readonly ProgressiveRow[] | readonly BandRow[];
}

/** A table read once into decimals, then looked up per person. */
export type TableLookup = (x: Dec) => Dec;

const ZERO = new PayDecimal(0);

export function tableLookup(table: RateTable): TableLookup {
  if (table.kind === "progressive") {
    const rows = (table.rows as readonly ProgressiveRow[]).map((row) => ({ over: new PayDecimal(row.over), base: new PayDecimal(row.base), rate: new PayDecimal(row.rate) }));
    return (x) => {
      // Rows ascend by `over` (validated): the last one below x applies.
      for (let index = rows.length - 1; index >= 0; index--) {
        const row = rows[index];
        if (x.greaterThan(row.over)) return row.base.plus(row.rate.times(x.minus(row.over)));
      }
      return ZERO;
    };
  }
  const bands = (table.rows as readonly BandRow[]).map((row) => ({ from: new PayDecimal(row.from), to: row.to === null ? null : new PayDecimal(row.to), value: new PayDecimal(row.value) }));
  return (x) => {
    for (const band of bands) if (x.greaterThanOrEqualTo(band.from) && (band.to === null || x.lessThanOrEqualTo(band.to))) return band.value;
    return ZERO;
  };
}
