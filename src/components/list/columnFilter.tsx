import { FilterFilled } from "@ant-design/icons";
import type { BaseRecord } from "@refinedev/core";
import type { ColumnType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { FieldKind } from "../../../contracts/list";
import { applyFieldFilter, fieldFilter } from "./fieldFilters";
import { FilterDropdown } from "./FilterDropdown";
import type { Choice, FilterController } from "./types";

export interface ColumnFilterOptions {
  field: string;
  kind: FieldKind;
  choices?: readonly Choice[];
  t: TFunction;
  /** The column's translated title, for the filter button's accessible name. */
  title: string;
  controller: FilterController;
}

export type ColumnFilterProps<T> = Pick<ColumnType<T>, "filterDropdown" | "filterIcon" | "filteredValue">;

/**
 * antd column props for a filter by match mode on one field. The kit, not
 * antd, owns the filter state (Refine's filters); filteredValue only tells
 * antd to show the column as filtered. ListPage keeps antd's own filter
 * mapping out of Refine, which would otherwise turn these values into filters.
 */
export function columnFilter<T extends BaseRecord>({ field, kind, choices, t, title, controller }: ColumnFilterOptions): ColumnFilterProps<T> {
  const active = fieldFilter(controller.filters, field);
  return {
    filteredValue: active ? [String(active.value)] : null,
    filterIcon: () => <FilterFilled aria-label={t("list.filter.open", { column: title })} />,
    filterDropdown: ({ close, visible }) => (
      <FilterDropdown
        // A fresh draft each time it opens, so an abandoned edit does not linger.
        key={visible ? "open" : "closed"}
        field={field}
        kind={kind}
        choices={choices}
        t={t}
        active={active}
        onApply={(next) => {
          applyFieldFilter(controller, field, next);
          close();
        }}
      />
    ),
  };
}
