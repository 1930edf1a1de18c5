/**
 * A rate table's answer for x: progressive brackets (base + rate × (x − over)
 * for the row with the greatest `over` below x) or bands (the value of the
 * band holding x, from ≤ x ≤ to). Bands are read to the decimals their
 * bounds are written in, x rounded down: a table printed to the centavo
 * ("5,250.00 – 5,749.99") holds 5,749.997 in that row, as it means. Below
 * the first bracket, or in no band, it is 0: a table that should answer
 * there says so with a row.
 */
import type { BandRow, ProgressiveRow, RateTableKind } from "../../../contracts/payroll";
import { PayDecimal, type Dec } from "./formula";

export interface RateTable {
  code: string;
  kind: RateTableKind;
  rows: readonly ProgressiveRow[] | readonly BandRow[];
}

/** A table read once into decimals, then looked up per person: its answer for x, and the row that gave it (what a payslip's explanation shows). */
export interface TableLookup {
  (x: Dec): Dec;
  row(x: Dec): ProgressiveRow | BandRow | null;
}

const ZERO = new PayDecimal(0);

export function tableLookup(table: RateTable): TableLookup {
  if (table.kind === "progressive") {
    const written = table.rows as readonly ProgressiveRow[];
    const rows = written.map((row) => ({ over: new PayDecimal(row.over), base: new PayDecimal(row.base), rate: new PayDecimal(row.rate) }));
    // Rows ascend by `over` (validated): the last one below x applies.
    const find = (x: Dec) => {
      for (let index = rows.length - 1; index >= 0; index--) if (x.greaterThan(rows[index].over)) return index;
      return -1;
    };
    const lookup = (x: Dec) => {
      const index = find(x);
      if (index < 0) return ZERO;
      const row = rows[index];
      return row.base.plus(row.rate.times(x.minus(row.over)));
    };
    return Object.assign(lookup, { row: (x: Dec) => written[find(x)] ?? null });
  }
  const written = table.rows as readonly BandRow[];
  const bands = written.map((row) => ({ from: new PayDecimal(row.from), to: row.to === null ? null : new PayDecimal(row.to), value: new PayDecimal(row.value) }));
  const places = Math.max(0, ...bands.flatMap((band) => [band.from.decimalPlaces(), band.to?.decimalPlaces() ?? 0]));
  const find = (exact: Dec) => {
    const x = exact.toDecimalPlaces(places, PayDecimal.ROUND_DOWN);
    return bands.findIndex((band) => x.greaterThanOrEqualTo(band.from) && (band.to === null || x.lessThanOrEqualTo(band.to)));
  };
  const lookup = (x: Dec) => bands[find(x)]?.value ?? ZERO;
  return Object.assign(lookup, { row: (x: Dec) => written[find(x)] ?? null });
}
