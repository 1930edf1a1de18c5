import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import type { BaseRecord, CrudFilter, CrudSort } from "@refinedev/core";
import type { FieldKind } from "../../../contracts/list";
import type { CsvCell } from "../../../contracts/csv";

/** One of a choice column's fixed values, with the message key of its label. */
export interface Choice {
  value: string | number;
  labelKey: string;
}

/**
 * What a page declares about one column; the kit derives the title, sorting,
 * the filter dropdown, the cell and the CSV cell from it.
 */
export interface ListColumn<T extends BaseRecord> {
  /** The API's field name: read from the row, sorted on and filtered on. */
  field: string;
  titleKey: string;
  kind: FieldKind;
  /** The values a choice column can hold (required for kind "choice"). */
  choices?: readonly Choice[];
  /** Defaults to true: the API sorts every whitelisted field. */
  sortable?: boolean;
  /** Defaults to true. */
  filterable?: boolean;
  /** Defaults to true. */
  exportable?: boolean;
  width?: number | string;
  /**
   * A date column holding a moment (kind "date"): the cell shows the reader's date and time to the
   * minute, the CSV `YYYY-MM-DD HH:mm:ss` in the browser's time zone; filters still take days.
   */
  withTime?: boolean;
  /** Shown on a phone until the person chooses columns (the name column always is). */
  phone?: boolean;
  /** A custom cell; the CSV still uses exportValue or the kind's plain value. */
  render?: (row: T) => ReactNode;
  /** The CSV cell when the plain field value is not what a reader wants. */
  exportValue?: (row: T, t: TFunction) => CsvCell;
}

/** The slice of Refine's useTable state the filter controls read and change. */
export interface FilterController {
  filters: CrudFilter[];
  setFilters: (setter: (previous: CrudFilter[]) => CrudFilter[]) => void;
  setCurrentPage: (page: number) => void;
}

/** What the sort controls read. */
export interface SortState {
  sorters: CrudSort[];
}
