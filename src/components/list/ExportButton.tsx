import { useState } from "react";
import { DownloadOutlined } from "@ant-design/icons";
import { useDataProvider, type BaseRecord, type CrudFilter, type CrudSort, type MetaQuery } from "@refinedev/core";
import { Button } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../i18n/numbers";
import { toCsv } from "../../lib/csv";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { exportValue } from "./columnValue";
import { API_DATE_FORMAT } from "./dateFormat";
import { downloadFile } from "./downloadFile";
import { EXPORT_ROW_CAP, fetchAllRows } from "./fetchAllRows";
import type { ListColumn } from "./types";

export interface ExportButtonProps<T extends BaseRecord> {
  resource: string;
  columns: readonly ListColumn<T>[];
  /** The table's current filters and sorters: the file holds what the user is looking at, every page of it. */
  filters: CrudFilter[];
  sorters: CrudSort[];
  meta?: MetaQuery;
  maxRows?: number;
}

/** Downloads the filtered list as CSV (`<resource>-YYYY-MM-DD.csv`), headed by the translated column titles. */
export function ExportButton<T extends BaseRecord>({ resource, columns, filters, sorters, meta, maxRows = EXPORT_ROW_CAP }: ExportButtonProps<T>) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const { rows, total, totalCapped, capped } = await fetchAllRows<T>(dataProvider(), { resource, filters, sorters, meta }, maxRows);
      const exported = columns.filter((column) => column.exportable ?? true);
      const csv = toCsv(
        exported.map((column) => t(column.titleKey)),
        rows.map((row) => exported.map((column) => exportValue(column, row, t))),
      );
      downloadFile(`${resource}-${dayjs().format(API_DATE_FORMAT)}.csv`, csv);
      if (capped) {
        const counts = { max: formatCount(maxRows), total: formatCount(total) };
        toast("warn", t("list.export.cappedTitle"), t(totalCapped ? "list.export.cappedMany" : "list.export.capped", counts), TOAST_LIFE.long);
      }
    } catch (error) {
      // The HTTP client has already turned the failure into a readable message.
      toast("error", t("list.export.failed"), error instanceof Error ? error.message : undefined, TOAST_LIFE.long);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>
      {t("list.export.button")}
    </Button>
  );
}
