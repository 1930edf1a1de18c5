import { useMemo, useRef, useState } from "react";
import { DeleteOutlined, EyeOutlined } from "@ant-design/icons";
import { useDelete, useInvalidate } from "@refinedev/core";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { minorToMajorText } from "../../../contracts/money";
import type { RunRecord } from "../../../contracts/payroll";
import { payrollApi, type BulkDeleteResult } from "../../api/payroll";
import { useResourceAccess } from "../../auth/usePolicy";
import { LinkButton } from "../../components/common/LinkButton";
import { Money } from "../../components/common/Money";
import { writeNotifications } from "../../components/form";
import { CreateButton, ListPage, type ListColumn } from "../../components/list";
import { BulkDeleteButton, BulkRefusals } from "../../components/payroll/BulkDelete";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { formatDay, formatPeriod } from "../../components/payroll/format";
import { RUN_STATUS_CHOICES, RunStatusTag } from "../../components/payroll/RunStatusTag";
import { formatCount } from "../../i18n/numbers";
import { pagePath } from "../../resources";
import { CreateRunDialog } from "./CreateRunDialog";
import { SummaryCards } from "./SummaryCards";
import { useRunName } from "../../components/payroll/useRunName";
import { PageTitle } from "../../components/common/PageTitle";

type Row = RunRecord & { [key: string]: unknown };

const money = (minor: number, currency: string) => `${minorToMajorText(minor, currency)} ${currency}`;

/** The runs' columns, dates and money in the reader's language; the CSV keeps ISO dates and plain amounts. */
function useColumns(): ListColumn<Row>[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const nameOf = useRunName();
  return useMemo(
    () => [
      { field: "name", titleKey: "payrollUi.runs.columns.name", kind: "text", render: (row) => nameOf(row.name), exportValue: (row) => nameOf(row.name) },
      {
        field: "period_start",
        titleKey: "payrollUi.runs.columns.period",
        kind: "date",
        render: (row) => formatPeriod(row.period_start, row.period_end, language),
        exportValue: (row) => `${row.period_start} – ${row.period_end}`,
      },
      { field: "pay_date", titleKey: "payrollUi.runs.columns.pay_date", kind: "date", render: (row) => formatDay(row.pay_date, language) },
      { field: "status", titleKey: "payrollUi.runs.columns.status", kind: "choice", choices: RUN_STATUS_CHOICES, phone: true, render: (row) => <RunStatusTag status={row.status} /> },
      {
        field: "total_people",
        titleKey: "payrollUi.runs.columns.people",
        kind: "number",
        render: (row) => formatCount(row.totals.people, language),
        exportValue: (row) => row.totals.people,
      },
      {
        // Money is filtered in minor units by the API: no filter, which would read 1000 as 10.00.
        field: "total_gross",
        titleKey: "payrollUi.runs.columns.gross",
        kind: "number",
        sortable: false,
        filterable: false,
        render: (row) => <Money minor={row.totals.gross} currency={row.currency} />,
        exportValue: (row) => money(row.totals.gross, row.currency),
      },
      {
        field: "total_net",
        titleKey: "payrollUi.runs.columns.net",
        kind: "number",
        filterable: false,
        phone: true,
        render: (row) => <Money minor={row.totals.net} currency={row.currency} />,
        exportValue: (row) => money(row.totals.net, row.currency),
      },
    ],
    [language, nameOf],
  );
}

/** A run's delete button, where its state allows it (drafts and calculated runs). */
function DeleteRun({ row }: { row: Row }) {
  const { t } = useTranslation();
  const name = useRunName()(row.name);
  const allowed = useResourceAccess();
  const invalidate = useInvalidate();
  const { mutate: remove } = useDelete();
  if (!allowed("payroll", "delete", row)) return null;
  return (
    <ConfirmAction
      title={t("payrollUi.runs.deleteConfirm", { name })}
      description={t("payrollUi.runs.deleteExplains")}
      okText={t("common.delete")}
      danger
      onConfirm={() =>
        remove(
          { resource: "payroll", id: row.id, ...writeNotifications },
          // The summary above the list counts the runs too.
          { onSuccess: () => void invalidate({ resource: "payroll", invalidates: ["all"] }) },
        )
      }
    >
      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("payrollUi.runs.deleteNamed", { name })} />
    </ConfirmAction>
  );
}

/**
 * /payroll: the runs, latest period first, with how many wait in each state
 * and what was paid; a new run from a dialog, each run opened for review,
 * drafts and calculated runs deleted one by one or several at once.
 */
export default function PayrollRunsPage() {
  const { t } = useTranslation();
  const allowed = useResourceAccess();
  const columns = useColumns();
  const nameOf = useRunName();
  const [creating, setCreating] = useState(false);
  const [refusals, setRefusals] = useState<BulkDeleteResult | null>(null);
  // The runs seen so far by name: a bulk delete's refusals name them, whichever page they were picked on.
  const names = useRef(new Map<number, string>()).current;
  return (
    <>
      <PageTitle style={{ marginTop: 0 }}>
        {t("payrollUi.runs.title")}
      </PageTitle>
      <SummaryCards />
      <ListPage<Row>
        resource="payroll"
        titleKey="payrollUi.runs.listTitle"
        heading="section"
        columns={columns}
        initialSorters={[{ field: "period_end", order: "desc" }]}
        recordPath={(row) => pagePath("payroll", "show", row.id)}
        createButton={<CreateButton resource="payroll" labelKey="payrollUi.runs.create.open" onClick={() => setCreating(true)} />}
        bulkActions={
          allowed("payroll", "delete")
            ? (selection) => (
                <BulkDeleteButton
                  selection={selection}
                  label={t("payrollUi.runs.bulk.delete")}
                  confirm={t("payrollUi.runs.bulk.confirm", { count: selection.ids.length })}
                  explains={t("payrollUi.runs.deleteExplains")}
                  remove={payrollApi.bulkDelete}
                  resources={["payroll"]}
                  onRefusals={setRefusals}
                />
              )
            : undefined
        }
        rowActions={(row) => {
          names.set(row.id, nameOf(row.name));
          return (
            <Space size="small">
              <LinkButton to={pagePath("payroll", "show", row.id)} size="small" icon={<EyeOutlined />} aria-label={t("payrollUi.runs.openNamed", { name: nameOf(row.name) })} />
              <DeleteRun row={row} />
            </Space>
          );
        }}
      />
      <CreateRunDialog open={creating} onClose={() => setCreating(false)} />
      <BulkRefusals
        result={refusals}
        title={t("payrollUi.runs.bulk.resultTitle")}
        deleted={(count) => t("payrollUi.runs.bulk.deleted", { count })}
        kept={(count) => t("payrollUi.runs.bulk.kept", { count })}
        nameOf={(id) => names.get(id) ?? t("payrollUi.runs.bulk.runNumber", { id })}
        onClose={() => setRefusals(null)}
      />
    </>
  );
}
