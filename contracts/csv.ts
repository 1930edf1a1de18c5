/**
 * CSV cells as both sides write them: the app's exports of a screen and the server's streamed files read the same
 * (RFC 4180 quoting, formula starts neutralised, the BOM Excel needs).
 */
/** What a CSV cell may hold; null and undefined become empty cells. */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * Spreadsheets run a cell that starts with one of these as a formula
 * (OWASP "CSV injection"); tab and carriage return hide such a start.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Quoting is needed when the cell would otherwise split a row or a column. */
const NEEDS_QUOTES = /[",\r\n]/;

/** The byte order mark: without it Excel reads UTF-8 as the local code page and garbles Japanese and Chinese. */
export const BOM = "\uFEFF";

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  // A real number is data, not typed text: a negative amount must stay a number.
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  if (typeof cell === "boolean") return cell ? "true" : "false";
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** One cell as RFC 4180 writes it, with formula starts neutralised. */
export function csvCell(cell: CsvCell): string {
  const text = cellText(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A header row and data rows as CSV text: CRLF line ends (RFC 4180, and what
 * Excel writes) and, unless turned off, a leading BOM.
 */
export function toCsv(header: readonly CsvCell[], rows: readonly (readonly CsvCell[])[], options: { bom?: boolean } = {}): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return (options.bom === false ? "" : BOM) + lines.join("\r\n") + "\r\n";
}
