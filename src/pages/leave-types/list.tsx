import { Form, Input, InputNumber, Modal, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { LEAVE_ACCRUALS, LEAVE_UNITS, leaveTypeBody, type LeaveTypeRecord } from "../../../contracts/leave";
import { Code } from "../../components/common/Code";
import { StateTag } from "../../components/common/StateTag";
import { FieldRow, useDialogForm, zodRules, type DialogForm } from "../../components/form";
import { CreateButton, ListPage, RecordActions, type ListColumn } from "../../components/list";
import { formatDecimal } from "../../i18n/numbers";

const RULES = zodRules(leaveTypeBody.shape);

type Row = LeaveTypeRecord & { [key: string]: unknown };

const PAID_CHOICES = [
  { value: "true", labelKey: "leave.types.paid" },
  { value: "false", labelKey: "leave.types.unpaid" },
];
const ACTIVE_CHOICES = [
  { value: "true", labelKey: "leave.types.active" },
  { value: "false", labelKey: "leave.types.inactive" },
];
const UNIT_CHOICES = LEAVE_UNITS.map((unit) => ({ value: unit, labelKey: `leave.types.units.${unit}` }));
const ACCRUAL_CHOICES = LEAVE_ACCRUALS.map((accrual) => ({ value: accrual, labelKey: `leave.types.accruals.${accrual}` }));

function Days({ value }: { value: number }) {
  const { t, i18n } = useTranslation();
  return <>{t("leave.types.days", { value: formatDecimal(String(value), i18n.language, 2) })}</>;
}

function Flag({ on, onKey, offKey }: { on: boolean; onKey: string; offKey: string }) {
  const { t } = useTranslation();
  return <StateTag tone={on ? "good" : "neutral"}>{t(on ? onKey : offKey)}</StateTag>;
}

const COLUMNS: ListColumn<Row>[] = [
  { field: "name", titleKey: "leave.types.fields.name", kind: "text", phone: true },
  { field: "code", titleKey: "leave.types.fields.code", kind: "text", width: 110, render: (row) => <Code>{row.code}</Code> },
  { field: "paid", titleKey: "leave.types.fields.paid", kind: "choice", choices: PAID_CHOICES, width: 120, render: (row) => <Flag on={row.paid} onKey="leave.types.paid" offKey="leave.types.unpaid" /> },
  { field: "yearly_days", titleKey: "leave.types.fields.yearly_days", kind: "number", width: 130, phone: true, render: (row) => <Days value={row.yearly_days} /> },
  { field: "accrual", titleKey: "leave.types.fields.accrual", kind: "choice", choices: ACCRUAL_CHOICES },
  { field: "unit", titleKey: "leave.types.fields.unit", kind: "choice", choices: UNIT_CHOICES, width: 130 },
  { field: "active", titleKey: "leave.types.fields.active", kind: "choice", choices: ACTIVE_CHOICES, width: 120, render: (row) => <Flag on={row.active} onKey="leave.types.active" offKey="leave.types.inactive" /> },
];

/** Days with at most two decimals, as the API keeps them. */
const dayInput = { min: 0, max: 366, step: 0.5, precision: 2, style: { width: "100%" } } as const;

function LeaveTypeModal({ form, titleKey }: { form: DialogForm<LeaveTypeRecord>; titleKey: string }) {
  const { t } = useTranslation();
  const options = (choices: readonly { value: string; labelKey: string }[]) => choices.map((choice) => ({ value: choice.value, label: t(choice.labelKey) }));
  return (
    <Modal {...form.modalProps} title={t(titleKey)} okText={t("common.save")} cancelText={t("common.cancel")}>
      <Form
        {...form.formProps}
        layout="vertical"
        initialValues={{ paid: true, unit: "day", accrual: "yearly", carry_over_days: 0, negative_days: 0, service_months: 0, needs_approval: true, calendar_days: false, active: true, ...form.formProps.initialValues }}
      >
        <FieldRow>
          <Form.Item name="code" label={t("leave.types.fields.code")} rules={RULES.code} extra={t("leave.types.codeHint")}>
            <Input autoCapitalize="characters" />
          </Form.Item>
          <Form.Item name="name" label={t("leave.types.fields.name")} rules={RULES.name}>
            <Input />
          </Form.Item>
        </FieldRow>
        <FieldRow>
          <Form.Item name="yearly_days" label={t("leave.types.fields.yearly_days")} rules={RULES.yearly_days} extra={t("leave.types.yearlyHint")}>
            <InputNumber {...dayInput} />
          </Form.Item>
          <Form.Item name="accrual" label={t("leave.types.fields.accrual")} rules={RULES.accrual}>
            <Select options={options(ACCRUAL_CHOICES)} />
          </Form.Item>
        </FieldRow>
        <FieldRow>
          <Form.Item name="carry_over_days" label={t("leave.types.fields.carry_over_days")} rules={RULES.carry_over_days} extra={t("leave.types.carryHint")}>
            <InputNumber {...dayInput} />
          </Form.Item>
          <Form.Item name="negative_days" label={t("leave.types.fields.negative_days")} rules={RULES.negative_days} extra={t("leave.types.negativeHint")}>
            <InputNumber {...dayInput} />
          </Form.Item>
        </FieldRow>
        <FieldRow>
          <Form.Item name="service_months" label={t("leave.types.fields.service_months")} rules={RULES.service_months} extra={t("leave.types.serviceHint")}>
            <InputNumber min={0} max={120} precision={0} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="unit" label={t("leave.types.fields.unit")} rules={RULES.unit}>
            <Select options={options(UNIT_CHOICES)} />
          </Form.Item>
        </FieldRow>
        <Form.Item name="document_after_days" label={t("leave.types.fields.document_after_days")} rules={RULES.document_after_days} extra={t("leave.types.documentHint")}>
          <InputNumber {...dayInput} style={{ width: 160 }} />
        </Form.Item>
        <FieldRow>
          <Form.Item name="paid" label={t("leave.types.paid")} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="needs_approval" label={t("leave.types.fields.needs_approval")} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="calendar_days" label={t("leave.types.fields.calendar_days")} valuePropName="checked" tooltip={t("leave.types.calendarHint")}>
            <Switch />
          </Form.Item>
          <Form.Item name="active" label={t("leave.types.fields.active")} valuePropName="checked">
            <Switch />
          </Form.Item>
        </FieldRow>
      </Form>
    </Modal>
  );
}

/** /leave/types: the kinds of leave the company grants and their rules; created and edited in a dialog. */
export default function LeaveTypeListPage() {
  const { t } = useTranslation();
  const create = useDialogForm<LeaveTypeRecord>("leave-types", "create");
  const edit = useDialogForm<LeaveTypeRecord>("leave-types", "edit");
  return (
    <>
      <ListPage<Row>
        resource="leave-types"
        titleKey="leave.types.title"
        columns={COLUMNS}
        initialSorters={[{ field: "name", order: "asc" }]}
        createButton={<CreateButton resource="leave-types" labelKey="leave.types.create" onClick={() => create.show()} />}
        rowActions={(row) => (
          <RecordActions
            resource="leave-types"
            row={row}
            onEdit={edit.show}
            editLabel={t("leave.types.edit")}
            deleteLabel={t("leave.types.delete")}
            deleteConfirm={t("leave.types.deleteConfirm", { name: row.name })}
          />
        )}
      />
      <LeaveTypeModal form={create} titleKey="leave.types.create" />
      <LeaveTypeModal form={edit} titleKey="leave.types.edit" />
    </>
  );
}
