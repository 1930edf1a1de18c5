import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { PAY_VARIABLES } from "../../../contracts/payroll";
import { ChoiceGroup, FieldRow } from "../../components/form";
import { chosenRule, decimalRule, percentRule } from "./fields";
import { useCodeFont } from "../../components/common/Code";
import { FormulaField, usePayNames } from "./FormulaEditor";
import { CALCULATION_TYPES, type CalculationType } from "./model";

/** What a percentage is of: a variable or another active component, by the name formulas use. */
function BaseSelect({ ownCode, id, value, onChange, ...aria }: { ownCode?: string; id?: string; value?: string; onChange?: (value: string) => void; "aria-describedby"?: string; "aria-invalid"?: boolean }) {
  const { t } = useTranslation();
  const font = useCodeFont();
  const { components } = usePayNames(ownCode);
  const label = (name: string, description: string) => (
    <span>
      <span style={{ fontFamily: font }}>{name}</span> · {description}
    </span>
  );
  const known = new Set<string>([...PAY_VARIABLES, ...components.map((component) => component.code)]);
  const options = [
    { label: t("payrollUi.formula.componentsTitle"), title: t("payrollUi.formula.componentsTitle"), options: components.map((component) => ({ value: component.code, label: label(component.code, component.name), search: `${component.code} ${component.name}` })) },
    { label: t("payrollUi.formula.variablesTitle"), title: t("payrollUi.formula.variablesTitle"), options: PAY_VARIABLES.map((name) => ({ value: name, label: label(name, t(`payrollUi.formula.variables.${name}`)), search: name })) },
    // A stored base no longer offered (a component since deactivated) still reads as itself.
    ...(value && !known.has(value) ? [{ label: "—", title: "—", options: [{ value, label: label(value, ""), search: value }] }] : []),
  ].filter((group) => group.options.length > 0);
  return (
    <Select
      id={id}
      {...aria}
      value={value}
      onChange={onChange}
      showSearch
      optionFilterProp="search"
      options={options}
      style={{ width: "100%" }}
      popupMatchSelectWidth={false}
    />
  );
}

/**
 * How an amount is worked out, under a field prefix ("calculation" or
 * "employer_share"): a fixed amount, a percentage of a variable or another
 * component, or a formula.
 */
export function CalculationEditor({ prefix, ownCode, currency, typeLabel }: { prefix: "calculation" | "employer_share"; ownCode?: string; currency?: string; typeLabel: string }) {
  const { t } = useTranslation();
  const type = Form.useWatch<CalculationType | undefined>([prefix, "type"]);
  return (
    <>
      <Form.Item name={[prefix, "type"]} label={typeLabel}>
        <ChoiceGroup<CalculationType> label={typeLabel} options={CALCULATION_TYPES.map((value) => ({ value, label: t(`payrollUi.components.types.${value}`) }))} />
      </Form.Item>
      {type === "fixed" && (
        <Form.Item name={[prefix, "amount"]} label={t("payrollUi.components.fields.amount")} rules={[decimalRule()]} extra={t("payrollUi.components.amountHint")}>
          <Input inputMode="decimal" suffix={currency} style={{ maxWidth: 260 }} />
        </Form.Item>
      )}
      {type === "percent" && (
        <FieldRow spans={[8, 16]}>
          <Form.Item name={[prefix, "rate"]} label={t("payrollUi.components.fields.rate")} rules={[percentRule()]} extra={t("payrollUi.components.rateHint")}>
            <Input inputMode="decimal" suffix="%" />
          </Form.Item>
          <Form.Item name={[prefix, "of"]} label={t("payrollUi.components.fields.of")} rules={[chosenRule()]} extra={t("payrollUi.components.ofHint")}>
            <BaseSelect ownCode={ownCode} />
          </Form.Item>
        </FieldRow>
      )}
      {type === "formula" && <FormulaField name={[prefix, "expression"]} label={t("payrollUi.components.fields.expression")} ownCode={ownCode} />}
    </>
  );
}
