import { useCallback, useId, useMemo, useRef, useState } from "react";
import { FileZipOutlined } from "@ant-design/icons";
import { useSelect } from "@refinedev/antd";
import type { CrudFilter } from "@refinedev/core";
import { Flex, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { RunRecord } from "../../../contracts/payroll";
import type { BulkDeleteResult } from "../../api/payroll";
import { payslipPaths, payslipsApi } from "../../api/payslips";
import { usePolicy } from "../../auth/usePolicy";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { ListPage } from "../../components/list";
import { BulkDeleteButton, BulkRefusals } from "../../components/payroll/BulkDelete";
import { DownloadButton } from "../../components/payroll/DownloadButton";
import { PayslipDrawer } from "../../components/payroll/PayslipDrawer";
import { usePayslipColumns, type PayslipRow } from "../../components/payroll/payslipColumns";
import { useRunName } from "../../components/payroll/useRunName";
import { useAdminColumns } from "./columns";
import { PageTitle } from "../../components/common/PageTitle";

const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** Which run's payslips: the runs found by name, latest period first. */
function RunSelect({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const nameOf = useRunName();
  const { selectProps } = useSelect<RunRecord>({
    resource: "payroll",
    optionLabel: (run) => nameOf(run.name),
    optionValue: "id",
    sorters: [{ field: "period_end", order: "desc" }],
    defaultValue: value,
    onSearch: (search) => [{ field: "search", operator: "eq", value: search }],
    pagination: { pageSize: 20, mode: "server" },
  });
  return (
    <Flex align="center" gap={8}>
      <label htmlFor={id}>{t("payrollUi.payslips.filters.run")}</label>
      <Select<number>
        // The value is the address's; the hook gives the runs found and the search.
        showSearch
        filterOption={false}
        options={selectProps.options as { label: string; value: number }[] | undefined}
        onSearch={selectProps.onSearch}
        loading={selectProps.loading}
        id={id}
        allowClear
        value={value}
        onChange={(next) => onChange(typeof next === "number" ? next : undefined)}
        placeholder={t("payrollUi.payslips.filters.anyRun")}
        style={{ width: 220 }}
        notFoundContent={t("payrollUi.payslips.filters.noRun")}
      />
    </Flex>
  );
}

/**
 * /payslips: every payslip of every run, latest pay date first: by run and
 * person (above the list, kept in the address so a run's review can link
 * here), by department, state and pay date (the columns' filters), searched
 * by name or employee number; a name opens the payslip's workspace (the
 * drawer). Filtered by a run, its payslips download as one ZIP; those who
 * prepare payroll take selected people out of runs not yet approved.
 */
export default function PayslipsPage() {
  const { t } = useTranslation();
  const personId = useId();
  // Finding a run by name needs the runs, a person by name the people lookup (payslips alone grant neither):
  // without them the list is still filtered by the address.
  const may = usePolicy();
  const [params, setParams] = useSearchParams();
  const runId = idParam(params.get("payroll_id"));
  const userId = idParam(params.get("user_id"));
  const choose = (name: "payroll_id" | "user_id", value: number | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(name);
    else next.set(name, String(value));
    setParams(next, { replace: true });
  };
  const [opened, setOpened] = useState<PayslipRow | null>(null);
  const open = useCallback((row: PayslipRow) => setOpened(row), []);
  // The payslips seen so far by whose they are: a bulk removal's refusals name them, whichever page they were picked on.
  const names = useRef(new Map<number, string>()).current;
  const columns = useAdminColumns(usePayslipColumns({ open, withRun: true }), names);
  const [refusals, setRefusals] = useState<BulkDeleteResult | null>(null);
  const filters = useMemo<CrudFilter[]>(
    () => [
      ...(runId !== undefined ? [{ field: "payroll_id", operator: "eq" as const, value: runId }] : []),
      ...(userId !== undefined ? [{ field: "user_id", operator: "eq" as const, value: userId }] : []),
    ],
    [runId, userId],
  );

  return (
    <>
      <PageTitle style={{ marginTop: 0 }}>
        {t("payrollUi.payslips.title")}
      </PageTitle>
      <Flex role="group" aria-label={t("payrollUi.payslips.filters.label")} gap={16} wrap style={{ marginBottom: 16 }}>
        {may("payroll.list") && <RunSelect value={runId} onChange={(value) => choose("payroll_id", value)} />}
        {may("users.lookup") && (
        <Flex align="center" gap={8}>
          <label htmlFor={personId}>{t("payrollUi.payslips.filters.person")}</label>
          <PeoplePicker id={personId} value={userId} onChange={(value) => choose("user_id", value)} placeholder={t("payrollUi.payslips.filters.anyPerson")} style={{ width: 220 }} />
        </Flex>
        )}
      </Flex>
      <ListPage<PayslipRow>
        // A new run or person is a new list: its filters, page and export start from them.
        key={`${runId ?? ""}/${userId ?? ""}`}
        resource="payslips"
        titleKey="payrollUi.payslips.listTitle"
        heading="section"
        columns={columns}
        permanentFilters={filters}
        initialSorters={[
          { field: "pay_date", order: "desc" },
          { field: "user_name", order: "asc" },
        ]}
        toolbar={
          runId !== undefined &&
          may("payroll.payslipsZip") && (
            <DownloadButton from={payslipPaths.runZip(runId)} icon={<FileZipOutlined aria-hidden />}>
              {t("payslipsAdmin.zip")}
            </DownloadButton>
          )
        }
        bulkActions={
          may("payslips.delete")
            ? (selection) => (
                <BulkDeleteButton
                  selection={selection}
                  label={t("payslipsAdmin.bulk.remove")}
                  confirm={t("payslipsAdmin.bulk.confirm", { count: selection.ids.length })}
                  explains={t("payslipsAdmin.remove.explains")}
                  okText={t("payslipsAdmin.remove.submit")}
                  remove={payslipsApi.bulkDelete}
                  resources={["payslips", "payroll"]}
                  onRefusals={setRefusals}
                />
              )
            : undefined
        }
      />
      <PayslipDrawer payslip={opened} onClose={() => setOpened(null)} />
      <BulkRefusals
        result={refusals}
        title={t("payslipsAdmin.bulk.resultTitle")}
        deleted={(count) => t("payslipsAdmin.bulk.removed", { count })}
        kept={(count) => t("payslipsAdmin.bulk.kept", { count })}
        nameOf={(id) => names.get(id) ?? t("payslipsAdmin.bulk.payslipNumber", { id })}
        onClose={() => setRefusals(null)}
      />
    </>
  );
}
