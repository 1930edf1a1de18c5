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
  const places = Math.max(0, ...bands.flatMap((band) => [band.from.decimalPlaces(), band.to?.decimalPlaces() ?? 0]));
  return (exact) => {
    const x = exact.toDecimalPlaces(places, PayDecimal.ROUND_DOWN);
    for (const band of bands) if (x.greaterThanOrEqualTo(band.from) && (band.to === null || x.lessThanOrEqualTo(band.to))) return band.value;
    return ZERO;
  };
}
