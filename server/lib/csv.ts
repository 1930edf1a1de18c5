/**
 * CSV for downloads, streamed row by row. Cells are escaped by the rules both
 * sides share (contracts/csv.ts: RFC 4180 quoting, formula starts neutralised) so a
 * file saved from a screen and one exported by the server read the same.
 */
import { Readable } from "node:stream";
import { BOM, csvCell, type CsvCell } from "../../contracts/csv";

export type { CsvCell };

const line = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A header and batches of rows (each batch one query's worth) as a stream of CSV text, with the BOM Excel needs. */
export function csvStream(header: readonly CsvCell[], batches: AsyncIterable<readonly (readonly CsvCell[])[]>): Readable {
  async function* lines() {
    yield BOM + line(header);
    for await (const rows of batches) if (rows.length > 0) yield rows.map(line).join("");
  }
  return Readable.from(lines());
}
