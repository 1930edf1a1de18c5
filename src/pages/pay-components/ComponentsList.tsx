import { useMemo } from "react";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { ComponentRecord } from "../../../contracts/payroll";
import { StateTag } from "../../components/common/StateTag";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { useDialogForm } from "../../components/form";
import { CreateButton, RecordActions, ListPage, type ListColumn } from "../../components/list";
import { formatCount } from "../../i18n/numbers";
import { ComponentModal } from "./ComponentModal";
import { calculationText } from "../../components/payroll/calculationText";
import { CalculationCell } from "./describe";
import { Code } from "../../components/common/Code";

type Row = ComponentRecord & { [key: string]: unknown };

const KIND_CHOICES = [
  { value: "earning", labelKey: "payrollUi.components.kinds.earning" },
  { value: "deduction", labelKey: "payrollUi.components.kinds.deduction" },
];

const ACTIVE_CHOICES = [
  { value: "true", labelKey: "payrollUi.components.active" },
  { value: "false", labelKey: "payrollUi.components.inactive" },
];

/** Whether the line counts in taxable income, in words: the earning's "taxable", the deduction's "before tax". */
const taxKey = (row: ComponentRecord) =>
  row.kind === "earning" ? (row.taxable ? "payrollUi.components.flags.taxable" : "payrollUi.components.flags.notTaxable") : row.pre_tax ? "payrollUi.components.flags.preTax" : "payrollUi.components.flags.afterTax";

function useColumns(): ListColumn<Row>[] {
  const { t, i18n } = useTranslation();
  const currency = useCompanyProfile().profile?.currency;
  const language = i18n.language;
  return useMemo(
    () => [
      { field: "code", titleKey: "payrollUi.components.fields.code", kind: "text", render: (row) => <Code>{row.code}</Code> },
      { field: "name", titleKey: "payrollUi.components.fields.name", kind: "text", phone: true },
      {
        field: "kind",
        titleKey: "payrollUi.components.fields.kind",
        kind: "choice",
        choices: KIND_CHOICES,
        render: (row) => <StateTag tone={row.kind === "earning" ? "good" : "warning"}>{t(`payrollUi.components.kinds.${row.kind}`)}</StateTag>,
      },
      // The short columns first: at 1440 px the long formulas push the last ones under the fixed actions.
      {
        field: "active",
        titleKey: "payrollUi.components.fields.active",
        kind: "choice",
        choices: ACTIVE_CHOICES,
        width: 110,
        render: (row) => <StateTag tone={row.active ? "good" : "neutral"}>{t(row.active ? "payrollUi.components.active" : "payrollUi.components.inactive")}</StateTag>,
      },
      {
        field: "taxable",
        titleKey: "payrollUi.components.fields.tax",
        kind: "text",
        sortable: false,
        filterable: false,
        render: (row) => <Tag>{t(taxKey(row))}</Tag>,
        exportValue: (row) => t(taxKey(row)),
      },
      {
        field: "calculation",
        titleKey: "payrollUi.components.fields.calculation",
        kind: "text",
        sortable: false,
        filterable: false,
        render: (row) => <CalculationCell calculation={row.calculation} />,
        exportValue: (row) => calculationText(row.calculation, t, language, currency),
      },
      {
        field: "employer_share",
        titleKey: "payrollUi.components.fields.employer_share",
        kind: "text",
        sortable: false,
        filterable: false,
        render: (row) => <CalculationCell calculation={row.employer_share} />,
        exportValue: (row) => (row.employer_share ? calculationText(row.employer_share, t, language, currency) : ""),
      },
      { field: "order", titleKey: "payrollUi.components.fields.order", kind: "number", width: 90, render: (row) => formatCount(row.order, language) },
    ],
    [t, language, currency],
  );
}

/** The earnings and deductions pay is made of, in payslip order; created and edited in a dialog. */
export function ComponentsList() {
  const { t } = useTranslation();
  const columns = useColumns();
  const create = useDialogForm<ComponentRecord>("pay-components", "create");
  const edit = useDialogForm<ComponentRecord>("pay-components", "edit");
  return (
    <>
      <ListPage<Row>
        resource="pay-components"
        titleKey="payrollUi.components.title"
        columns={columns}
        initialSorters={[
          { field: "order", order: "asc" },
          { field: "code", order: "asc" },
        ]}
        createButton={<CreateButton resource="pay-components" labelKey="payrollUi.components.create" onClick={() => create.show()} />}
        rowActions={(row) => (
          <RecordActions
            resource="pay-components"
            row={row}
            onEdit={edit.show}
            editLabel={t("payrollUi.components.editOne", { code: row.code })}
            deleteLabel={t("payrollUi.components.deleteOne", { code: row.code })}
            deleteConfirm={t("payrollUi.components.deleteConfirm", { code: row.code, name: row.name })}
          />
        )}
      />
      <ComponentModal form={create} titleKey="payrollUi.components.create" />
      <ComponentModal form={edit} titleKey="payrollUi.components.edit" />
    </>
  );
}
