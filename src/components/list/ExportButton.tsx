import { useState } from "react";
import { DownloadOutlined } from "@ant-design/icons";
import { useDataProvider, type BaseRecord, type CrudFilter, type CrudSort, type MetaQuery } from "@refinedev/core";
import { Button, Dropdown } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../i18n/numbers";
import { toCsv } from "../../../contracts/csv";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { exportValue } from "./columnValue";
import { API_DATE_FORMAT } from "./dateFormat";
import { downloadFromApi } from "../../api/downloads";
import { listQuery } from "../../providers/data";
import { findResource } from "../../resources";
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

/**
 * Downloads the filtered list: the server's file in CSV or XLSX when the
 * resource has an export call (every row, figures as the server computes
 * them), otherwise CSV written here (`<resource>-YYYY-MM-DD.csv`) from the
 * list's pages, headed by the translated column titles.
 */
export function ExportButton<T extends BaseRecord>({ resource, columns, filters, sorters, meta, maxRows = EXPORT_ROW_CAP }: ExportButtonProps<T>) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const definition = findResource(resource);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      // The HTTP client has already turned the failure into a readable message.
      toast("error", t("list.export.failed"), error instanceof Error ? error.message : undefined, TOAST_LIFE.long);
    } finally {
      setBusy(false);
    }
  };

  const writeCsv = () =>
    attempt(async () => {
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
    });

  if (definition?.exportApi) {
    const exportApi = definition.exportApi;
    const fetchFile = (format: "csv" | "xlsx") =>
      attempt(async () => {
        const params = listQuery({ sorters, filters, dateFields: meta?.dateFields as string[] | undefined, ownParams: definition.listParams });
        // The whole list, not a page of it.
        params.delete("page");
        params.delete("per_page");
        params.set("format", format);
        await downloadFromApi(exportApi, params);
      });
    const items = [
      { key: "csv", label: t("list.export.csv") },
      { key: "xlsx", label: t("list.export.xlsx") },
    ];
    return (
      <Dropdown menu={{ items, onClick: ({ key }) => void fetchFile(key as "csv" | "xlsx") }} trigger={["click"]} disabled={busy}>
        <Button icon={<DownloadOutlined />} loading={busy}>
          {t("list.export.menu")}
        </Button>
      </Dropdown>
    );
  }

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={writeCsv}>
      {t("list.export.button")}
    </Button>
  );
}
