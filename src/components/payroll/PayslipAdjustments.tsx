import { DeleteOutlined, PlusOutlined, SaveOutlined } from "@ant-design/icons";
import { Alert, Button, Checkbox, Flex, Form, Input, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { ADJUSTMENT_KINDS, adjustmentBody, MAX_ADJUSTMENTS, type AdjustmentsBody, type PayslipEditReply } from "../../../contracts/payslips";
import { payslipsApi } from "../../api/payslips";
import { amountRule, MoneyInput } from "../common/MoneyInput";
import { ChoiceGroup, FieldRow, useFormSubmit, zodRules } from "../form";
import { toast } from "../../lib/toast";

const RULES = zodRules(adjustmentBody.shape);

type Kind = (typeof ADJUSTMENT_KINDS)[number];

/** One adjustment as the form holds it: the amount already in minor units (MoneyInput), a flag for each kind. */
interface AdjustmentValues {
  id?: number;
  name?: string;
  kind: Kind;
  amount?: number | null;
  taxable?: boolean;
  pre_tax?: boolean;
  reason?: string;
}

interface Values {
  adjustments: AdjustmentValues[];
}

const NEW_ADJUSTMENT: AdjustmentValues = { kind: "earning", amount: null, taxable: false, pre_tax: false };

/** What the server takes: the whole set, each line's flag only where its kind has one. */
export function adjustmentsBody(values: Values): AdjustmentsBody {
  return {
    adjustments: (values.adjustments ?? []).map((line) => ({
      ...(line.id !== undefined && { id: line.id }),
      name: (line.name ?? "").trim(),
      kind: line.kind,
      amount: line.amount ?? 0,
      taxable: line.kind === "earning" && line.taxable === true,
      pre_tax: line.kind === "deduction" && line.pre_tax === true,
      reason: (line.reason ?? "").trim(),
    })),
  };
}

/** One adjustment's fields; the flag shown is its kind's (taxable earnings, deductions before tax). */
function AdjustmentFields({ index, currency, onRemove }: { index: number; currency: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const kind = Form.useWatch(["adjustments", index, "kind"]) as Kind | undefined;
  const number = index + 1;
  const titleId = `payslip-adjustment-${index}`;
  const kindLabel = t("payslipsAdmin.adjustments.fields.kind");
  return (
    <section
      aria-labelledby={titleId}
      style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: "8px 12px 0", marginBottom: 12 }}
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={2} id={titleId} style={{ margin: 0, fontSize: 16 }}>
          {t("payslipsAdmin.adjustments.numbered", { number })}
        </Typography.Title>
        <Button size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t("payslipsAdmin.adjustments.remove", { number })} onClick={onRemove} />
      </Flex>
      <FieldRow spans={[13, 11]}>
        <Form.Item name={[index, "name"]} label={t("payslipsAdmin.adjustments.fields.name")} rules={RULES.name}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name={[index, "kind"]} label={kindLabel}>
          <ChoiceGroup<Kind> label={kindLabel} options={ADJUSTMENT_KINDS.map((value) => ({ value, label: t(`payslipsAdmin.adjustments.kinds.${value}`) }))} />
        </Form.Item>
      </FieldRow>
      <FieldRow spans={[13, 11]}>
        <Form.Item name={[index, "amount"]} label={t("payslipsAdmin.adjustments.fields.amount")} rules={[amountRule, ...RULES.amount]}>
          <MoneyInput currency={currency} />
        </Form.Item>
        {kind === "deduction" ? (
          <Form.Item name={[index, "pre_tax"]} valuePropName="checked" label={t("payslipsAdmin.adjustments.fields.tax")}>
            <Checkbox>{t("payslipsAdmin.adjustments.fields.pre_tax")}</Checkbox>
          </Form.Item>
        ) : (
          <Form.Item name={[index, "taxable"]} valuePropName="checked" label={t("payslipsAdmin.adjustments.fields.tax")}>
            <Checkbox>{t("payslipsAdmin.adjustments.fields.taxable")}</Checkbox>
          </Form.Item>
        )}
      </FieldRow>
      <Form.Item name={[index, "reason"]} label={t("payslipsAdmin.adjustments.fields.reason")} rules={RULES.reason} extra={t("payslipsAdmin.adjustments.reasonHint")}>
        <Input maxLength={500} />
      </Form.Item>
    </section>
  );
}

/**
 * A payslip's one-off lines (back pay, a reimbursement, an advance repaid)
 * while its run is not approved: added, changed or removed, each with a
 * reason, and saved as one set; the server works the payslip out again and
 * its new totals come back.
 */
export function PayslipAdjustments({ edit, onSaved }: { edit: PayslipEditReply; onSaved: (payslip: PayslipEditReply) => void }) {
  const { t } = useTranslation();
  const { formProps, error, busy } = useFormSubmit<Values>({
    submit: async (values) => {
      const reply = await payslipsApi.adjust(edit.id, adjustmentsBody(values));
      toast("success", reply.message);
      onSaved(reply.data);
    },
  });
  const initialValues: Values = {
    adjustments: edit.adjustments.map(({ id, name, kind, amount, taxable, pre_tax, reason }) => ({ id, name, kind, amount, taxable, pre_tax, reason })),
  };
  return (
    <Form<Values> {...formProps} name={`payslip-adjustments-${edit.id}`} layout="vertical" initialValues={initialValues}>
      <Typography.Paragraph type="secondary">{t("payslipsAdmin.adjustments.explains")}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.List name="adjustments">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 && <Typography.Paragraph>{t("payslipsAdmin.adjustments.none")}</Typography.Paragraph>}
            {fields.map((field) => (
              <AdjustmentFields key={field.key} index={field.name} currency={edit.currency} onRemove={() => remove(field.name)} />
            ))}
            <Flex gap={8} wrap justify="space-between">
              <Button type="dashed" icon={<PlusOutlined aria-hidden />} disabled={fields.length >= MAX_ADJUSTMENTS} onClick={() => add({ ...NEW_ADJUSTMENT })}>
                {t("payslipsAdmin.adjustments.add")}
              </Button>
              <Button type="primary" htmlType="submit" loading={busy} icon={<SaveOutlined aria-hidden />}>
                {t("payslipsAdmin.adjustments.save")}
              </Button>
            </Flex>
          </>
        )}
      </Form.List>
    </Form>
  );
}
