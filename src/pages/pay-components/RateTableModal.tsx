import { useMemo } from "react";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, DatePicker, Form, Input, Modal, Typography, theme, type FormInstance } from "antd";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { MAX_TABLE_ROWS, RATE_TABLE_KINDS, rateTableBody, type BandRow, type ProgressiveRow, type RateTableBody, type RateTableKind, type RateTableRecord } from "../../../contracts/payroll";
import { dateFieldProps } from "../../components/common/DateField";
import { VISUALLY_HIDDEN } from "../../components/common/visuallyHidden";
import { ChoiceGroup, FieldRow, zodRules, type DialogForm } from "../../components/form";
import { useDateInputFormats } from "../../components/list";
import { formatCalendarDate } from "../../i18n/calendar";
import { fractionToPercent, percentToFraction } from "./decimal";
import { amountRule, decimalRule, patternRule } from "./fields";

const RULES = zodRules(rateTableBody.shape);

/** A progressive table's rate as a percentage: not negative, 4 decimals (the API's 6 of a fraction). */
const rateRule = () => patternRule(/^\d{1,13}(\.\d{1,4})?$/, "payrollUi.tables.rateFormat");

/** One row of the grid: a bracket's fields or a band's, all as typed text. */
interface RowValues {
  over?: string;
  base?: string;
  /** A percentage (15), the API's fraction (0.15) once saved. */
  rate?: string;
  from?: string;
  to?: string;
  value?: string;
}

export interface TableValues {
  code?: string;
  name?: string;
  kind: RateTableKind;
  effective_from?: string;
  rows: RowValues[];
}

const EMPTY_ROW: Record<RateTableKind, RowValues> = {
  progressive: { over: "", base: "0", rate: "" },
  bands: { from: "", to: "", value: "" },
};

export const NEW_TABLE: TableValues = { kind: "progressive", rows: [EMPTY_ROW.progressive] };

/** A stored table as the dialog's values (a bracket's rate as a percentage). */
export function tableValues(record: Pick<RateTableRecord, "code" | "name" | "kind" | "effective_from" | "rows">): TableValues {
  return {
    code: record.code,
    name: record.name,
    kind: record.kind,
    effective_from: record.effective_from,
    rows:
      record.kind === "progressive"
        ? (record.rows as ProgressiveRow[]).map((row) => ({ over: row.over, base: row.base, rate: fractionToPercent(row.rate) }))
        : (record.rows as BandRow[]).map((row) => ({ from: row.from, to: row.to ?? "", value: row.value })),
  };
}

const text = (value: string | undefined) => (value ?? "").trim();

/** What the dialog saves: the rows of the table's kind, an empty "to" as no upper bound. */
export function tableBody(values: TableValues): RateTableBody {
  return {
    code: text(values.code).toUpperCase(),
    name: text(values.name),
    kind: values.kind,
    effective_from: values.effective_from ?? "",
    rows: (values.rows ?? []).map((row) =>
      values.kind === "progressive"
        ? { over: text(row.over), base: text(row.base), rate: /^\d+(\.\d+)?$/.test(text(row.rate)) ? percentToFraction(text(row.rate)) : text(row.rate) }
        : { from: text(row.from), to: text(row.to) === "" ? null : text(row.to), value: text(row.value) },
    ),
  };
}

/** A new kind keeps the rows' thresholds (a bracket's "over" is a band's "from") and clears the rest. */
function convertRows(rows: RowValues[] | undefined, kind: RateTableKind): RowValues[] {
  const list = rows?.length ? rows : [{}];
  return list.map((row) => (kind === "bands" ? { ...EMPTY_ROW.bands, from: row.over ?? "" } : { ...EMPTY_ROW.progressive, over: row.from ?? "" }));
}

const COLUMNS: Record<RateTableKind, readonly { field: keyof RowValues; rules: () => ReturnType<typeof amountRule>; suffix?: string }[]> = {
  progressive: [
    { field: "over", rules: () => amountRule() },
    { field: "base", rules: () => amountRule() },
    { field: "rate", rules: rateRule },
  ],
  bands: [
    { field: "from", rules: () => amountRule() },
    { field: "to", rules: () => amountRule(true) },
    { field: "value", rules: () => decimalRule() },
  ],
};

/** The table's rows as a grid of inputs: add and remove rows; each cell shows its own message, the server's included. */
function RowsGrid({ kind }: { kind: RateTableKind }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const columns = COLUMNS[kind];
  const header = (field: keyof RowValues) => t(`payrollUi.tables.columns.${field}`);
  const cell = { padding: "4px 6px 4px 0", verticalAlign: "top" } as const;
  return (
    <Form.List name="rows">
      {(fields, { add, remove }, { errors }) => (
        <div role="group" aria-labelledby="rate-table-rows-title">
          <Typography.Text strong id="rate-table-rows-title">
            {t("payrollUi.tables.rowsTitle")}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ fontSize: 13, margin: "4px 0 8px" }}>
            {t(kind === "progressive" ? "payrollUi.tables.progressiveHint" : "payrollUi.tables.bandsHint")}
          </Typography.Paragraph>
          <table style={{ width: "100%", borderCollapse: "collapse", tableLayout: "fixed" }}>
            <thead>
              <tr style={{ textAlign: "left", color: token.colorTextSecondary, fontSize: 13 }}>
                <th style={{ ...cell, width: 28, fontWeight: 500 }}>
                  <span aria-hidden>#</span>
                  <span style={VISUALLY_HIDDEN}>{t("payrollUi.tables.rowNumber")}</span>
                </th>
                {columns.map((column) => (
                  <th key={column.field} style={{ ...cell, fontWeight: 500 }}>
                    {header(column.field)}
                  </th>
                ))}
                <th style={{ ...cell, width: 36 }}>
                  <span style={VISUALLY_HIDDEN}>{t("list.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field, index) => (
                <tr key={field.key}>
                  <td style={{ ...cell, paddingTop: 9, color: token.colorTextSecondary }}>{index + 1}</td>
                  {columns.map((column) => (
                    <td key={column.field} style={cell}>
                      <Form.Item name={[field.name, column.field]} rules={[column.rules()]} style={{ marginBottom: 0 }}>
                        <Input
                          inputMode="decimal"
                          suffix={column.suffix}
                          aria-label={t("payrollUi.tables.cellLabel", { column: header(column.field), row: index + 1 })}
                          placeholder={column.field === "to" ? t("payrollUi.tables.noLimit") : undefined}
                        />
                      </Form.Item>
                    </td>
                  ))}
                  <td style={cell}>
                    <Button
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t("payrollUi.tables.removeRow", { row: index + 1 })}
                      disabled={fields.length <= 1}
                      onClick={() => remove(field.name)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            disabled={fields.length >= MAX_TABLE_ROWS}
            onClick={() => add(EMPTY_ROW[kind])}
            style={{ marginTop: 8, marginBottom: 16 }}
          >
            {t("payrollUi.tables.addRow")}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** A date strictly after the version copied: a new version takes effect later. */
const laterThan = (date: string | undefined) => ({
  validator: async (_: unknown, value: unknown) => {
    if (date && typeof value === "string" && value <= date) throw new Error(i18next.t("payrollUi.tables.laterThan", { date: formatCalendarDate(date, i18next.language) }));
  },
});

function TableFields({ form, copyOf }: { form: FormInstance<TableValues>; copyOf?: RateTableRecord }) {
  const { t, i18n } = useTranslation();
  const dateFormats = useDateInputFormats();
  const kind = Form.useWatch("kind", form) ?? "progressive";
  const kindLabel = t("payrollUi.tables.fields.kind");
  return (
    <>
      <FieldRow spans={[9, 15]}>
        <Form.Item
          name="code"
          label={t("payrollUi.tables.fields.code")}
          rules={RULES.code}
          normalize={(value: string | undefined) => value?.toUpperCase()}
          extra={t("payrollUi.tables.codeHint")}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={32} />
        </Form.Item>
        <Form.Item name="name" label={t("payrollUi.tables.fields.name")} rules={RULES.name}>
          <Input maxLength={120} />
        </Form.Item>
      </FieldRow>
      <FieldRow spans={[15, 9]}>
        <Form.Item name="kind" label={kindLabel}>
          <ChoiceGroup<RateTableKind> label={kindLabel} options={RATE_TABLE_KINDS.map((value) => ({ value, label: t(`payrollUi.tables.kinds.${value}`) }))} />
        </Form.Item>
        <Form.Item
          name="effective_from"
          label={t("payrollUi.tables.fields.effective_from")}
          rules={[...RULES.effective_from, laterThan(copyOf?.effective_from)]}
          extra={copyOf ? t("payrollUi.tables.copyHint", { date: formatCalendarDate(copyOf.effective_from, i18n.language) }) : t("payrollUi.tables.effectiveHint")}
          {...dateFieldProps}
        >
          <DatePicker format={dateFormats} style={{ width: "100%" }} />
        </Form.Item>
      </FieldRow>
      <RowsGrid kind={kind} />
    </>
  );
}

/**
 * Creating or editing a rate table (tax brackets or contribution bands) in a
 * dialog; "new version" opens it filled with a copy to take effect later.
 */
export function RateTableModal({ form, title, copyOf, suggestedDate }: { form: DialogForm<RateTableRecord>; title: string; copyOf?: RateTableRecord; suggestedDate?: string }) {
  const { t } = useTranslation();
  const record = form.formProps.initialValues as RateTableRecord | undefined;
  const initialValues = useMemo(
    () => (copyOf ? { ...tableValues(copyOf), effective_from: suggestedDate } : record ? tableValues(record) : NEW_TABLE),
    [copyOf, record, suggestedDate],
  );
  const save = form.formProps.onFinish;
  const changed = form.formProps.onValuesChange;
  const instance = form.form as unknown as FormInstance<TableValues>;
  return (
    <Modal {...form.modalProps} title={title} width={720} okText={t("common.save")} cancelText={t("common.cancel")}>
      <Form<TableValues>
        {...form.formProps}
        form={instance}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={(values: Partial<TableValues>, all: TableValues) => {
          changed?.(values, all);
          if (values.kind) instance.setFieldValue("rows", convertRows(all.rows, values.kind));
        }}
        onFinish={(values) => save?.(tableBody(values))}
      >
        <TableFields form={instance} copyOf={copyOf} />
      </Form>
    </Modal>
  );
}
