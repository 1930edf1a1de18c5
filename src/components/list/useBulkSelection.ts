import { useCallback, useMemo, useState, type Key } from "react";
import type { BaseKey, BaseRecord } from "@refinedev/core";
import type { TableRowSelection } from "antd/es/table/interface";
import { useTranslation } from "react-i18next";

/** What bulk actions receive: the selected ids and a way to clear them once done. */
export interface BulkSelection {
  ids: BaseKey[];
  clear: () => void;
}

/**
 * antd row selection kept across pages. It empties when resetKey changes
 * (the page passes its filters): rows picked under old filters may no longer
 * be on screen, and a bulk delete must only touch what the user can see.
 */
export function useBulkSelection<T extends BaseRecord>(
  resetKey: string,
  rowName: (row: T) => string,
): { rowSelection: TableRowSelection<T>; selection: BulkSelection } {
  const [keys, setKeys] = useState<Key[]>([]);
  const [seenKey, setSeenKey] = useState(resetKey);
  if (seenKey !== resetKey) {
    setSeenKey(resetKey);
    setKeys([]);
  }
  const clear = useCallback(() => setKeys([]), []);
  const ids = useMemo(() => keys.filter((key): key is BaseKey => typeof key === "string" || typeof key === "number"), [keys]);
  const { t } = useTranslation();
  const selectAllLabel = t("list.bulk.selectAll");
  const rowSelection = useMemo<TableRowSelection<T>>(
    () => ({
      selectedRowKeys: keys,
      onChange: (next) => setKeys(next),
      preserveSelectedRowKeys: true,
      // antd names the header checkbox "Select all" in English whatever the locale.
      getTitleCheckboxProps: () => ({ "aria-label": selectAllLabel }),
      // Each row's checkbox says whose row it is ("Select Alex Admin"); antd gives it no name at all.
      getCheckboxProps: (row) => ({ "aria-label": t("list.bulk.selectRow", { name: rowName(row) }) }) as ReturnType<NonNullable<TableRowSelection<T>["getCheckboxProps"]>>,
    }),
    [keys, selectAllLabel, rowName, t],
  );
  return { rowSelection, selection: useMemo(() => ({ ids, clear }), [ids, clear]) };
}
