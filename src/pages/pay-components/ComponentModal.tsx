import { useMemo, useState } from "react";
import { Divider, Form, Input, InputNumber, Modal, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { componentBody as componentContract, COMPONENT_KINDS, type ComponentKind, type ComponentRecord } from "../../../contracts/payroll";
import { usePolicy } from "../../auth/usePolicy";
import { useAuthState } from "../../auth/store";
import { addDays, monthOf, todayIn, type DateRange } from "../../components/common/dateRange";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { ChoiceGroup, FieldRow, zodRules, type DialogForm } from "../../components/form";
import { CalculationEditor } from "./CalculationEditor";
import { usePayNames } from "./FormulaEditor";
import { componentBody, componentValues, type ComponentValues } from "./model";
import { TryIt } from "./TryIt";
import { usePreview } from "./usePreview";

const RULES = zodRules(componentContract.shape);

/** The calendar month before the one holding `today`: a payroll officer's usual period to try a formula on. */
export function lastMonth(today: string): DateRange {
  return monthOf(addDays(monthOf(today).from, -1));
}

/** The dialog's body: its fields, the employer's share and "Try it". */
function ComponentFields({ form, editing }: { form: DialogForm<ComponentRecord>; editing: boolean }) {
  const { t } = useTranslation();
  const may = usePolicy();
  const { me } = useAuthState();
  const { profile } = useCompanyProfile();
  const currency = profile?.currency;
  const kind = Form.useWatch<ComponentKind | undefined>("kind", form.form);
  const code = Form.useWatch<string | undefined>("code", form.form);
  const shared = Form.useWatch<boolean | undefined>("has_employer_share", form.form);
  const [person, setPerson] = useState<number | undefined>();
  const [period, setPeriod] = useState<DateRange>(() => lastMonth(todayIn(profile?.time_zone)));
  const preview = usePreview({ form: form.form, person, period, fallbackUserId: me?.id, enabled: may("payComponents.preview") });
  const { components } = usePayNames();
  const ownCode = code?.trim().toUpperCase();
  const kindLabel = t("payrollUi.components.fields.kind");

  return (
    <>
      <FieldRow spans={[9, 15]}>
        <Form.Item
          name="code"
          label={t("payrollUi.components.fields.code")}
          rules={RULES.code}
          normalize={(value: string | undefined) => value?.toUpperCase()}
          extra={t(editing ? "payrollUi.components.codeEditHint" : "payrollUi.components.codeHint")}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={32} />
        </Form.Item>
        <Form.Item name="name" label={t("payrollUi.components.fields.name")} rules={RULES.name}>
          <Input maxLength={120} />
        </Form.Item>
      </FieldRow>
      <FieldRow spans={[15, 9]}>
        <Form.Item name="kind" label={kindLabel}>
          <ChoiceGroup<ComponentKind> label={kindLabel} options={COMPONENT_KINDS.map((value) => ({ value, label: t(`payrollUi.components.kinds.${value}`) }))} />
        </Form.Item>
        <Form.Item name="order" label={t("payrollUi.components.fields.order")} rules={RULES.order} extra={t("payrollUi.components.orderHint")}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: "100%" }} />
        </Form.Item>
      </FieldRow>
      <FieldRow>
        {kind === "deduction" ? (
          <Form.Item name="pre_tax" label={t("payrollUi.components.fields.pre_tax")} valuePropName="checked" extra={t("payrollUi.components.preTaxHint")}>
            <Switch />
          </Form.Item>
        ) : (
          <Form.Item name="taxable" label={t("payrollUi.components.fields.taxable")} valuePropName="checked" extra={t("payrollUi.components.taxableHint")}>
            <Switch />
          </Form.Item>
        )}
        <Form.Item name="active" label={t("payrollUi.components.fields.active")} valuePropName="checked" extra={t("payrollUi.components.activeHint")}>
          <Switch />
        </Form.Item>
      </FieldRow>
      <Divider orientation="left" orientationMargin={0} style={{ marginTop: 0 }}>
        {t("payrollUi.components.calculationTitle")}
      </Divider>
      <CalculationEditor prefix="calculation" ownCode={ownCode} currency={currency} typeLabel={t("payrollUi.components.fields.type")} />
      <Form.Item name="has_employer_share" label={t("payrollUi.components.employerShareSwitch")} valuePropName="checked" extra={t("payrollUi.components.employerShareHint")}>
        <Switch />
      </Form.Item>
      {shared && (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 14, marginBottom: 8, border: 0 }}>
            <Typography.Text strong>{t("payrollUi.components.employerShareTitle")}</Typography.Text>
          </legend>
          <CalculationEditor prefix="employer_share" ownCode={ownCode} currency={currency} typeLabel={t("payrollUi.components.fields.employerType")} />
        </fieldset>
      )}
      {may("payComponents.preview") && (
        <TryIt state={preview} person={person} onPerson={setPerson} period={period} onPeriod={setPeriod} components={components} />
      )}
    </>
  );
}

/** Creating or editing an earning or a deduction in a dialog; what is typed is tried live. */
export function ComponentModal({ form, titleKey }: { form: DialogForm<ComponentRecord>; titleKey: string }) {
  const { t } = useTranslation();
  const record = form.formProps.initialValues as ComponentRecord | undefined;
  const initialValues = useMemo(() => componentValues(record), [record]);
  const save = form.formProps.onFinish;
  return (
    <Modal {...form.modalProps} title={t(titleKey)} width={820} okText={t("common.save")} cancelText={t("common.cancel")}>
      <Form<ComponentValues>
        {...form.formProps}
        form={form.form as never}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => save?.(componentBody(values))}
      >
        <ComponentFields form={form} editing={record !== undefined} />
      </Form>
    </Modal>
  );
}
