import { useMemo, useState } from "react";
import { CopyOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import { Button, Flex, Grid, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { MAX_PER_PAGE } from "../../../contracts/list";
import type { RateTableRecord } from "../../../contracts/payroll";
import { useResourceAccess } from "../../auth/usePolicy";
import { addDays, monthOf } from "../../components/common/dateRange";
import { StateTag, type StateTone } from "../../components/common/StateTag";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { useDialogForm } from "../../components/form";
import { CreateButton, RecordActions, SearchBox } from "../../components/list";
import { formatCalendarDate, todayIn } from "../../i18n/calendar";
import { formatCount } from "../../i18n/numbers";
import { Code } from "../../components/common/Code";
import { RateTableModal } from "./RateTableModal";
import { PageTitle } from "../../components/common/PageTitle";

const RESOURCE = "rate-tables";

type Row = RateTableRecord & { [key: string]: unknown };

type VersionState = "inForce" | "scheduled" | "earlier";
const TONES: Record<VersionState, StateTone> = { inForce: "good", scheduled: "info", earlier: "neutral" };

interface Version extends RateTableRecord {
  /** Rows of its code in this list (on the first version of the code; 0 on the others). */
  span: number;
  state: VersionState;
  /** The latest version of its code. */
  latest: string;
}

/**
 * The versions grouped by code, newest first: the one in force today (the
 * latest taking effect on or before it), those scheduled after it, and the
 * earlier ones it replaced.
 */
function groupVersions(rows: readonly RateTableRecord[], today: string): Version[] {
  const byCode = new Map<string, RateTableRecord[]>();
  for (const row of rows) byCode.set(row.code, [...(byCode.get(row.code) ?? []), row]);
  return [...byCode.values()].flatMap((versions) => {
    const sorted = [...versions].sort((a, b) => b.effective_from.localeCompare(a.effective_from));
    const inForce = sorted.find((version) => version.effective_from <= today);
    return sorted.map((version, index) => ({
      ...version,
      span: index === 0 ? sorted.length : 0,
      latest: sorted[0].effective_from,
      state: version === inForce ? "inForce" : version.effective_from > today ? "scheduled" : "earlier",
    }));
  });
}

/** A new version's first day: the first of the month after both today and the latest version. */
function suggestedStart(latest: string, today: string): string {
  const after = latest > today ? latest : today;
  return addDays(monthOf(after).to, 1);
}

/**
 * Rate tables (tax brackets, contribution bands) grouped by code, each code's
 * versions by the date they take effect; a new version starts as a copy.
 */
export function RateTablesList() {
  const { t, i18n } = useTranslation();
  const allowed = useResourceAccess();
  // On a phone the state goes under the date: the row's buttons keep the right edge.
  const phone = Grid.useBreakpoint().sm === false;
  const { profile } = useCompanyProfile();
  const today = todayIn(profile?.time_zone);
  const create = useDialogForm<RateTableRecord>(RESOURCE, "create");
  const edit = useDialogForm<RateTableRecord>(RESOURCE, "edit");
  const [copyOf, setCopyOf] = useState<Version | undefined>();
  // The API sorts by code, newest version first; one page holds the versions of a hundred, grouped here.
  const { tableProps, filters, setFilters, setCurrentPage } = useTable<Row>({
    resource: RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: MAX_PER_PAGE },
    sorters: { mode: "off" },
    meta: { dateFields: ["effective_from"] },
  });
  const rows = useMemo(() => groupVersions((tableProps.dataSource ?? []) as RateTableRecord[], today), [tableProps.dataSource, today]);

  const newTable = () => {
    setCopyOf(undefined);
    create.show();
  };
  const newVersion = (version: Version) => {
    setCopyOf(version);
    create.show();
  };

  const columns: TableColumnsType<Version> = [
    {
      key: "code",
      title: t("payrollUi.tables.fields.code"),
      onCell: (row) => ({ rowSpan: row.span }),
      render: (_: unknown, row) => (
        <Typography.Text strong>
          <Code>{row.code}</Code>
        </Typography.Text>
      ),
    },
    { key: "name", dataIndex: "name", title: t("payrollUi.tables.fields.name"), responsive: ["sm"] },
    { key: "kind", title: t("payrollUi.tables.fields.kind"), responsive: ["md"], render: (_: unknown, row) => <Tag>{t(`payrollUi.tables.kinds.${row.kind}`)}</Tag> },
    {
      key: "effective_from",
      title: t("payrollUi.tables.fields.effective_from"),
      render: (_: unknown, row) => (
        <Flex gap={6} wrap align={phone ? "flex-start" : "center"} vertical={phone}>
          {formatCalendarDate(row.effective_from, i18n.language)}
          <StateTag tone={TONES[row.state]}>{t(`payrollUi.tables.states.${row.state}`)}</StateTag>
        </Flex>
      ),
    },
    { key: "rows", title: t("payrollUi.tables.fields.rows"), align: "right", responsive: ["sm"], render: (_: unknown, row) => formatCount(row.rows.length, i18n.language) },
    {
      key: "actions",
      title: t("list.actions"),
      fixed: "right",
      render: (_: unknown, row) => {
        const date = formatCalendarDate(row.effective_from, i18n.language);
        return (
          <RecordActions
            resource={RESOURCE}
            row={row}
            onEdit={edit.show}
            editLabel={t("payrollUi.tables.editOne", { code: row.code, date })}
            deleteLabel={t("payrollUi.tables.deleteOne", { code: row.code, date })}
            deleteConfirm={t("payrollUi.tables.deleteConfirm", { code: row.code, date })}
            extra={
              allowed(RESOURCE, "create") && (
                <Tooltip title={t("payrollUi.tables.newVersion")}>
                  <Button size="small" icon={<CopyOutlined aria-hidden />} aria-label={t("payrollUi.tables.newVersionOf", { code: row.code, date })} onClick={() => newVersion(row)} />
                </Tooltip>
              )
            }
          />
        );
      },
    },
  ];

  return (
    <section>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>
          {t("payrollUi.tables.title")}
        </PageTitle>
        <Flex gap={8} wrap>
          <SearchBox controller={{ filters, setFilters, setCurrentPage }} />
          <CreateButton resource={RESOURCE} labelKey="payrollUi.tables.create" onClick={newTable} />
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">{t("payrollUi.tables.intro")}</Typography.Paragraph>
      <Table<Version>
        {...(tableProps as object)}
        dataSource={rows}
        rowKey="id"
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={tableProps.pagination && { ...tableProps.pagination, hideOnSinglePage: true }}
        locale={{ emptyText: <Typography.Text type="secondary">{t("payrollUi.tables.none")}</Typography.Text> }}
      />
      <RateTableModal
        form={create}
        title={copyOf ? t("payrollUi.tables.newVersionTitle", { code: copyOf.code }) : t("payrollUi.tables.create")}
        copyOf={copyOf}
        suggestedDate={copyOf && suggestedStart(copyOf.latest, today)}
      />
      <RateTableModal form={edit} title={t("payrollUi.tables.edit")} />
    </section>
  );
}
