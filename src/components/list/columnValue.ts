import type { BaseRecord } from "@refinedev/core";
import dayjs from "dayjs";
import type { TFunction } from "i18next";
import type { CsvCell } from "../../../contracts/csv";
import { formatDateTime } from "../../lib/dates";
import { API_DATE_FORMAT, CSV_DATE_TIME_FORMAT } from "./dateFormat";
import type { ListColumn } from "./types";

/**
 * The plain value a column shows for a row, shared by the default cell and
 * the CSV so the file reads like the screen: choices as their labels, dates
 * as the spec's YYYY-MM-DD (moments with the time), numbers as numbers.
 */
export function columnValue<T extends BaseRecord>(column: ListColumn<T>, row: T, t: TFunction): CsvCell {
  const raw: unknown = row[column.field];
  if (raw === null || raw === undefined) return null;
  switch (column.kind) {
    case "choice": {
      const choice = column.choices?.find((candidate) => String(candidate.value) === String(raw));
      return choice ? t(choice.labelKey) : String(raw);
    }
    case "date": {
      const date = dayjs(String(raw));
      return date.isValid() ? date.format(column.withTime ? CSV_DATE_TIME_FORMAT : API_DATE_FORMAT) : String(raw);
    }
    case "number": {
      // Postgres sends bigint and numeric as strings: the CSV should still hold a number.
      const number = typeof raw === "number" ? raw : Number(raw);
      return raw !== "" && Number.isFinite(number) ? number : String(raw);
    }
    default:
      return typeof raw === "string" || typeof raw === "boolean" ? raw : String(raw);
  }
}

/** The CSV cell: the column's own export value when it has one. */
export function exportValue<T extends BaseRecord>(column: ListColumn<T>, row: T, t: TFunction): CsvCell {
  return column.exportValue ? column.exportValue(row, t) : columnValue(column, row, t);
}

/** What a cell shows by default: the plain value, but a moment in the reader's own way of writing it. */
export function cellValue<T extends BaseRecord>(column: ListColumn<T>, row: T, t: TFunction): CsvCell {
  const raw: unknown = row[column.field];
  if (column.kind === "date" && column.withTime && typeof raw === "string") return formatDateTime(raw);
  return columnValue(column, row, t);
}
