import { useMemo } from "react";
import type { BaseRecord } from "@refinedev/core";
import { getDefaultSortOrder } from "@refinedev/antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { columnFilter } from "./columnFilter";
import { cellValue } from "./columnValue";
import type { FilterController, ListColumn, SortState } from "./types";

/**
 * antd columns from declared ones. Sorting and filtering are controlled by
 * Refine's state, so what the headers show always matches what was sent.
 */
export function useListColumns<T extends BaseRecord>(columns: readonly ListColumn<T>[], table: FilterController & SortState): ColumnsType<T> {
  const { t } = useTranslation();
  const { filters, setFilters, setCurrentPage, sorters } = table;
  return useMemo(
    () =>
      columns.map((column) => {
        const title = t(column.titleKey);
        const sortable = column.sortable ?? true;
        const filterable = column.filterable ?? true;
        return {
          key: column.field,
          dataIndex: column.field,
          title,
          width: column.width,
          // true: the server sorts; antd only shows the arrows.
          sorter: sortable,
          sortOrder: sortable ? (getDefaultSortOrder(column.field, sorters) ?? null) : undefined,
          render: (_: unknown, row: T) => (column.render ? column.render(row) : cellValue(column, row, t)),
          ...(filterable
            ? columnFilter<T>({ field: column.field, kind: column.kind, choices: column.choices, t, title, controller: { filters, setFilters, setCurrentPage } })
            : {}),
        };
      }),
    [columns, t, filters, setFilters, setCurrentPage, sorters],
  );
}
