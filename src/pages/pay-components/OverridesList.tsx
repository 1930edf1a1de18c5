import { useMemo, useState } from "react";
import { useList } from "@refinedev/core";
import { DatePicker, Form, Input, Modal, Select, type FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import { OVERRIDE_MODES, overrideBody, type ComponentRecord, type OverrideBody, type OverrideMode, type OverrideRecord } from "../../../contracts/payroll";
import { dateFieldProps } from "../../components/common/DateField";
import { VISUALLY_HIDDEN } from "../../components/common/visuallyHidden";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { StateTag, type StateTone } from "../../components/common/StateTag";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { ChoiceGroup, FieldRow, useDialogForm, zodRules, type DialogForm } from "../../components/form";
import { CreateButton, RecordActions, ListPage, useDateInputFormats, type ListColumn } from "../../components/list";
import { formatCalendarDate, todayIn } from "../../i18n/calendar";
import { Dash } from "./describe";
import { fractionToPercent, PERCENT_TEXT, percentToFraction } from "./decimal";
import { formatMajor, formatRate } from "../../i18n/numbers";
import { chosenRule, decimalRule, percentRule } from "./fields";
import { Code } from "../../components/common/Code";

const RESOURCE = "pay-overrides";
const RULES = zodRules(overrideBody.shape);
const REASON_MAX = 500;

type Row = OverrideRecord & { [key: string]: unknown };

const MODE_CHOICES = OVERRIDE_MODES.map((mode) => ({ value: mode, labelKey: `payrollUi.overrides.modes.${mode}` }));
const MODE_TONES: Record<OverrideMode, StateTone> = { amount: "info", rate: "info", exclude: "warning" };

interface OverrideValues {
  user_id?: number;
  component_id?: number;
  mode: OverrideMode;
  /** An amount, or a percentage (4.5) for another rate. */
  value?: string;
  effective_from?: string;
  effective_to?: string | null;
  reason?: string;
}

function overrideValues(record: OverrideRecord | undefined, today: string): OverrideValues {
  if (!record) return { mode: "amount", effective_from: today, effective_to: null };
  return {
    user_id: record.user_id,
    component_id: record.component_id,
    mode: record.mode,
    value: record.value === null ? undefined : record.mode === "rate" ? fractionToPercent(record.value) : record.value,
    effective_from: record.effective_from,
    effective_to: record.effective_to,
    reason: record.reason,
  };
}

function overrideBodyOf(values: OverrideValues): Partial<OverrideBody> {
  const value = (values.value ?? "").trim();
  return {
    user_id: values.user_id,
    component_id: values.component_id,
    mode: values.mode,
    value: values.mode === "exclude" ? null : values.mode === "rate" && PERCENT_TEXT.test(value) ? percentToFraction(value) : value,
    effective_from: values.effective_from,
    effective_to: values.effective_to || null,
    reason: (values.reason ?? "").trim(),
  };
}

/** Every component, for the dialog's choice and the list's filter: code and name. */
function useComponents(): ComponentRecord[] {
  return useList<ComponentRecord>({ resource: "pay-components", pagination: { currentPage: 1, pageSize: 100, mode: "server" }, sorters: [{ field: "order", order: "asc" }] }).result.data;
}

const componentOptions = (components: readonly ComponentRecord[]) =>
  components.map((component) => ({ value: component.id, label: `${component.code} · ${component.name}` }));

/** What the override puts in place of the calculation, in the reader's format. */
function OverrideValue({ row }: { row: OverrideRecord }) {
  const { t, i18n } = useTranslation();
  const currency = useCompanyProfile().profile?.currency;
  if (row.mode === "exclude" || row.value === null) return <Dash label={t("payrollUi.overrides.noValue")} />;
  return <>{row.mode === "rate" ? formatRate(row.value, i18n.language) : formatMajor(row.value, currency, i18n.language)}</>;
}

function Dates({ row }: { row: OverrideRecord }) {
  const { t, i18n } = useTranslation();
  const from = formatCalendarDate(row.effective_from, i18n.language);
  return <>{row.effective_to ? t("payrollUi.overrides.between", { from, to: formatCalendarDate(row.effective_to, i18n.language) }) : t("payrollUi.overrides.since", { from })}</>;
}

function useColumns(): ListColumn<Row>[] {
  const { t, i18n } = useTranslation();
  const currency = useCompanyProfile().profile?.currency;
  const language = i18n.language;
  return useMemo(
    () => [
      { field: "user_name", titleKey: "payrollUi.overrides.fields.user_id", kind: "text", sortable: false, filterable: false },
      { field: "component_code", titleKey: "payrollUi.overrides.fields.component_id", kind: "text", sortable: false, filterable: false, phone: true, render: (row) => <Code>{row.component_code}</Code> },
      {
        field: "mode",
        titleKey: "payrollUi.overrides.fields.mode",
        kind: "choice",
        choices: MODE_CHOICES,
        render: (row) => <StateTag tone={MODE_TONES[row.mode]}>{t(`payrollUi.overrides.modes.${row.mode}`)}</StateTag>,
      },
      {
        field: "value",
        titleKey: "payrollUi.overrides.fields.value",
        kind: "text",
        sortable: false,
        filterable: false,
        render: (row) => <OverrideValue row={row} />,
        exportValue: (row) => (row.value === null ? "" : row.mode === "rate" ? formatRate(row.value, language) : formatMajor(row.value, currency, language)),
      },
      {
        field: "effective_from",
        titleKey: "payrollUi.overrides.fields.dates",
        kind: "date", phone: true,
        render: (row) => <Dates row={row} />,
        exportValue: (row) => (row.effective_to ? `${row.effective_from} – ${row.effective_to}` : row.effective_from),
      },
      { field: "reason", titleKey: "payrollUi.overrides.fields.reason", kind: "text", sortable: false, filterable: false },
    ],
    [t, language, currency],
  );
}

function OverrideFields({ form, components }: { form: FormInstance<OverrideValues>; components: readonly ComponentRecord[] }) {
  const { t } = useTranslation();
  const dateFormats = useDateInputFormats();
  const currency = useCompanyProfile().profile?.currency;
  const mode = Form.useWatch("mode", form);
  const componentId = Form.useWatch("component_id", form);
  const chosen = components.find((component) => component.id === componentId);
  const ratePossible = !chosen || chosen.calculation.type === "percent";
  const modeLabel = t("payrollUi.overrides.fields.mode");
  return (
    <>
      <Form.Item name="user_id" label={t("payrollUi.overrides.fields.user_id")} rules={[chosenRule(), ...RULES.user_id]} extra={t("peoplePicker.hint")}>
        <PeoplePicker />
      </Form.Item>
      <Form.Item name="component_id" label={t("payrollUi.overrides.fields.component_id")} rules={[chosenRule(), ...RULES.component_id]}>
        <Select showSearch optionFilterProp="label" options={componentOptions(components)} />
      </Form.Item>
      <Form.Item
        name="mode"
        label={modeLabel}
        rules={RULES.mode}
        extra={ratePossible ? t(`payrollUi.overrides.modeHints.${mode ?? "amount"}`) : t("payrollUi.overrides.rateForPercentOnly")}
      >
        <ChoiceGroup<OverrideMode>
          label={modeLabel}
          options={OVERRIDE_MODES.map((value) => ({ value, label: t(`payrollUi.overrides.modes.${value}`), disabled: value === "rate" && !ratePossible }))}
        />
      </Form.Item>
      {mode === "amount" && (
        <Form.Item name="value" label={t("payrollUi.overrides.fields.amount")} rules={[decimalRule()]}>
          <Input inputMode="decimal" suffix={currency} style={{ maxWidth: 260 }} />
        </Form.Item>
      )}
      {mode === "rate" && (
        <Form.Item name="value" label={t("payrollUi.overrides.fields.rate")} rules={[percentRule()]} extra={chosen?.calculation.type === "percent" ? t("payrollUi.overrides.usualRate", { rate: fractionToPercent(chosen.calculation.rate) }) : undefined}>
          <Input inputMode="decimal" suffix="%" style={{ maxWidth: 200 }} />
        </Form.Item>
      )}
      <FieldRow>
        <Form.Item name="effective_from" label={t("payrollUi.overrides.fields.effective_from")} rules={RULES.effective_from} {...dateFieldProps}>
          <DatePicker format={dateFormats} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="effective_to" label={t("payrollUi.overrides.fields.effective_to")} rules={RULES.effective_to} extra={t("payrollUi.overrides.toHint")} {...dateFieldProps}>
          <DatePicker format={dateFormats} style={{ width: "100%" }} />
        </Form.Item>
      </FieldRow>
      <Form.Item name="reason" label={t("payrollUi.overrides.fields.reason")} rules={RULES.reason} extra={t("payrollUi.overrides.reasonHint")}>
        <Input.TextArea rows={2} maxLength={REASON_MAX} showCount />
      </Form.Item>
    </>
  );
}

function OverrideModal({ form, titleKey, components }: { form: DialogForm<OverrideRecord>; titleKey: string; components: readonly ComponentRecord[] }) {
  const { t } = useTranslation();
  const { profile } = useCompanyProfile();
  const record = form.formProps.initialValues as OverrideRecord | undefined;
  const today = todayIn(profile?.time_zone);
  const initialValues = useMemo(() => overrideValues(record, today), [record, today]);
  const save = form.formProps.onFinish;
  const instance = form.form as unknown as FormInstance<OverrideValues>;
  return (
    <Modal {...form.modalProps} title={t(titleKey)} width={640} okText={t("common.save")} cancelText={t("common.cancel")}>
      <Form<OverrideValues> {...form.formProps} form={instance} layout="vertical" initialValues={initialValues} onFinish={(values) => save?.(overrideBodyOf(values))}>
        <OverrideFields form={instance} components={components} />
      </Form>
    </Modal>
  );
}

/** One person's exceptions to a component over a stretch of dates: another amount, another rate, or no line. */
export function OverridesList() {
  const { t, i18n } = useTranslation();
  const columns = useColumns();
  const components = useComponents();
  const create = useDialogForm<OverrideRecord>(RESOURCE, "create");
  const edit = useDialogForm<OverrideRecord>(RESOURCE, "edit");
  const [person, setPerson] = useState<number | undefined>();
  const [component, setComponent] = useState<number | undefined>();
  const narrowed = useMemo(
    () => [
      ...(person ? [{ field: "user_id", operator: "eq" as const, value: person }] : []),
      ...(component ? [{ field: "component_id", operator: "eq" as const, value: component }] : []),
    ],
    [person, component],
  );
  return (
    <>
      <ListPage<Row>
        resource={RESOURCE}
        titleKey="payrollUi.overrides.title"
        columns={columns}
        searchable={false}
        initialSorters={[{ field: "effective_from", order: "desc" }]}
        permanentFilters={narrowed}
        toolbar={
          <>
            {/* The label (heard, not seen) and its picker in one item of the toolbar. */}
            <span>
              <label htmlFor="pay-overrides-person" style={VISUALLY_HIDDEN}>
                {t("payrollUi.overrides.filterPerson")}
              </label>
              <PeoplePicker id="pay-overrides-person" value={person} onChange={setPerson} placeholder={t("payrollUi.overrides.anyone")} style={{ width: 220 }} />
            </span>
            <Select
              aria-label={t("payrollUi.overrides.filterComponent")}
              placeholder={t("payrollUi.overrides.anyComponent")}
              allowClear
              showSearch
              optionFilterProp="label"
              value={component}
              onChange={setComponent}
              options={componentOptions(components)}
              style={{ width: 200 }}
            />
          </>
        }
        createButton={<CreateButton resource={RESOURCE} labelKey="payrollUi.overrides.create" onClick={() => create.show()} />}
        rowActions={(row) => {
          const names = { name: row.user_name, code: row.component_code, from: formatCalendarDate(row.effective_from, i18n.language) };
          return (
            <RecordActions
              resource={RESOURCE}
              row={row}
              onEdit={edit.show}
              editLabel={t("payrollUi.overrides.editOne", names)}
              deleteLabel={t("payrollUi.overrides.deleteOne", names)}
              deleteConfirm={t("payrollUi.overrides.deleteConfirm", names)}
            />
          );
        }}
      />
      <OverrideModal form={create} titleKey="payrollUi.overrides.create" components={components} />
      <OverrideModal form={edit} titleKey="payrollUi.overrides.edit" components={components} />
    </>
  );
}
