import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from "react";
import type { BaseRecord, CrudFilter, CrudSort } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { Flex, Space, Table, type TableProps } from "antd";
import { Link } from "react-router";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { DEFAULT_PER_PAGE } from "../../../contracts/list";
import { formatCount } from "../../i18n/numbers";
import { BulkBar } from "./BulkBar";
import { ColumnChooser } from "./ColumnChooser";
import { cellValue } from "./columnValue";
import { ExportButton } from "./ExportButton";
import { SearchBox } from "./SearchBox";
import { ListEmpty } from "./ListEmpty";
import { useBulkSelection, type BulkSelection } from "./useBulkSelection";
import { useColumnChoice } from "./useColumnChoice";
import { useListColumns } from "./useListColumns";
import type { ListColumn } from "./types";
import { PageTitle, SectionTitle } from "../common/PageTitle";

/** antd's button opening a column's filter. */
const FILTER_TRIGGER = ".ant-table-filter-trigger";

export interface ListPageProps<T extends BaseRecord> {
  /** The Refine resource (its API path comes from the resource list), e.g. "users". */
  resource: string;
  titleKey: string;
  /** The list is the page (its title the page's h1, the default), or one section of a page with a title of its own (h2). */
  heading?: "page" | "section";
  columns: readonly ListColumn<T>[];
  /** Slot at the end of the toolbar, e.g. a link to the create page guarded by access control. */
  createButton?: ReactNode;
  /** More toolbar controls, placed before export. */
  toolbar?: ReactNode;
  /** Defaults to true. */
  searchable?: boolean;
  /** Defaults to true. */
  exportable?: boolean;
  /** Bulk action buttons; given, the rows get checkboxes and the actions get the selected ids. */
  bulkActions?: (selection: BulkSelection) => ReactNode;
  /** A column of per-row buttons (edit, delete), kept in view at the right edge. */
  rowActions?: (row: T) => ReactNode;
  /** The record's own page: given, the name column's cell links to it. */
  recordPath?: (row: T) => string;
  initialSorters?: CrudSort[];
  /** Filters the user cannot remove, e.g. one employee's attendance. */
  permanentFilters?: CrudFilter[];
  rowKey?: string;
  /** The field naming a row to people (checkbox labels); the first column's by default. */
  nameField?: string;
  pageSize?: number;
}

/**
 * A list screen: title, toolbar (search, columns, export, create), bulk bar
 * and the server-paged table. The name column links to the record; the row
 * buttons stay at the right edge however wide the table scrolls.
 */
export function ListPage<T extends BaseRecord>({
  resource,
  titleKey,
  heading = "page",
  columns,
  createButton,
  toolbar,
  searchable = true,
  exportable = true,
  bulkActions,
  rowActions,
  recordPath,
  initialSorters,
  permanentFilters,
  rowKey = "id",
  nameField = columns[0]?.field,
  pageSize = DEFAULT_PER_PAGE,
}: ListPageProps<T>) {
  const { t } = useTranslation();
  // The data provider maps eq/ne/lt/gt to the API's date match modes on these fields only.
  const meta = useMemo(() => ({ dateFields: columns.filter((column) => column.kind === "date").map((column) => column.field) }), [columns]);
  const table = useTable<T>({
    resource,
    meta,
    syncWithLocation: false,
    pagination: { pageSize },
    sorters: { initial: initialSorters },
    filters: { permanent: permanentFilters },
  });
  const { filters, sorters, tableProps } = table;
  const totalCapped = table.tableQuery.data?.totalCapped === true;
  const pagination: TableProps<T>["pagination"] = tableProps.pagination && {
    ...tableProps.pagination,
    showTotal: (total, [from, to]) =>
      t(totalCapped ? "list.pager.rangeCapped" : "list.pager.range", { from: formatCount(from), to: formatCount(to), total: formatCount(total) }),
  };
  const choice = useColumnChoice(resource, columns, nameField);
  const shownColumns = useMemo(
    () =>
      recordPath
        ? choice.visible.map((column) =>
            column.field === nameField
              ? { ...column, render: (row: T) => <Link to={recordPath(row)}>{column.render ? column.render(row) : cellValue(column, row, t)}</Link> }
              : column,
          )
        : choice.visible,
    [choice.visible, nameField, recordPath, t],
  );
  const dataColumns = useListColumns(shownColumns, table);
  const tableColumns: ColumnsType<T> = rowActions
    ? [...dataColumns, { key: "__actions", title: t("list.actions"), fixed: "right", render: (_: unknown, row: T) => rowActions(row) }]
    : dataColumns;
  const rowName = useCallback((row: T) => String(row[nameField] ?? row[rowKey]), [nameField, rowKey]);
  const { rowSelection, selection } = useBulkSelection<T>(JSON.stringify(filters), rowName);

  // The column dropdowns own the filters; Refine's own antd mapping would
  // turn each column's filteredValue back into a filter, so hand it none.
  const onChange: TableProps<T>["onChange"] = (pagination, _filters, sorter, extra) => tableProps.onChange?.(pagination, {}, sorter, extra);

  // antd measures column widths with a hidden copy of the header row (aria-hidden), select-all box and
  // filter buttons included: keyboard focus must not land in it. inert takes it out of the tab order.
  // antd's column filter buttons are out of the tab order (tabindex -1) and open on a click only:
  // they join the tab order here, and Enter or Space opens them (onKeyDown below).
  const tableRef = useRef<HTMLElement>(null);
  useEffect(() => {
    for (const row of tableRef.current?.querySelectorAll(".ant-table-measure-row") ?? []) row.setAttribute("inert", "");
    for (const trigger of tableRef.current?.querySelectorAll(FILTER_TRIGGER) ?? []) trigger.setAttribute("tabindex", "0");
  });
  const openFilterByKey = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if ((event.key === "Enter" || event.key === " ") && target.matches(FILTER_TRIGGER)) {
      event.preventDefault();
      target.click();
    }
  };

  return (
    <section ref={tableRef} onKeyDown={openFilterByKey}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        {heading === "page" ? <PageTitle style={{ margin: 0 }}>{t(titleKey)}</PageTitle> : <SectionTitle style={{ margin: 0 }}>{t(titleKey)}</SectionTitle>}
        <Space wrap>
          {searchable && <SearchBox controller={table} />}
          {toolbar}
          <ColumnChooser columns={columns} nameField={nameField} hidden={choice.hidden} onChange={choice.setHidden} />
          {exportable && <ExportButton<T> resource={resource} columns={columns} filters={filters} sorters={sorters} meta={meta} />}
          {createButton}
        </Space>
      </Flex>
      {bulkActions && <BulkBar selection={selection}>{bulkActions}</BulkBar>}
      <Table<T>
        {...tableProps}
        pagination={pagination}
        onChange={onChange}
        rowKey={rowKey}
        columns={tableColumns}
        rowSelection={bulkActions ? rowSelection : undefined}
        // Wide tables scroll sideways instead of squeezing headers into one letter a line.
        scroll={{ x: "max-content" }}
        locale={{
          // Said once the answer is in: while the first page loads, "nothing yet" would be a guess.
          emptyText: tableProps.loading ? (
            <span />
          ) : (
            <ListEmpty
              resource={resource}
              title={t(titleKey)}
              filtered={filters.some((filter) => !(permanentFilters ?? []).some((permanent) => "field" in permanent && "field" in filter && permanent.field === filter.field))}
              onClearFilters={() => {
                table.setFilters([], "replace");
                table.setCurrentPage(1);
              }}
              createButton={createButton || undefined}
            />
          ),
        }}
      />
    </section>
  );
}
