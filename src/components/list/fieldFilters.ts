import type { CrudFilter, LogicalFilter } from "@refinedev/core";
import type { FilterController } from "./types";

/** The kit keeps at most one filter per field: a column's dropdown and the search box each own theirs. */
export function fieldFilter(filters: readonly CrudFilter[], field: string): LogicalFilter | undefined {
  return filters.find((filter): filter is LogicalFilter => "field" in filter && filter.field === field);
}

/** The filters with the field's filter replaced by next, or removed when there is none. */
export function withFieldFilter(filters: readonly CrudFilter[], field: string, next: LogicalFilter | undefined): CrudFilter[] {
  const others = filters.filter((filter) => !("field" in filter && filter.field === field));
  return next ? [...others, next] : others;
}

/**
 * Sets one field's filter and goes back to page 1: the page the user was on
 * may not exist in the narrower result.
 */
export function applyFieldFilter(controller: FilterController, field: string, next: LogicalFilter | undefined): void {
  controller.setFilters((previous) => withFieldFilter(previous, field, next));
  controller.setCurrentPage(1);
}
