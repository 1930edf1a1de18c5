import { useState } from "react";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Modal, Select, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { isCurrencyCode } from "../../../contracts/money";
import { payRateBody, type PayRateBody, type PayRateRecord } from "../../../contracts/payroll";
import type { PAY_BASES } from "../../../contracts/users";
import { payRatesApi, payRatesPaths } from "../../api/pay-rates";
import { dateFieldProps } from "../../components/common/DateField";
import { amountRule, MoneyInput } from "../../components/common/MoneyInput";
import { Money } from "../../components/common/Money";
import { StateTag } from "../../components/common/StateTag";
import { VISUALLY_HIDDEN } from "../../components/common/visuallyHidden";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { useFormSubmit, zodRules } from "../../components/form";
import { useDateInputFormats } from "../../components/list";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { formatDay } from "../../components/payroll/format";
import { todayIn } from "../../i18n/calendar";
import { toast } from "../../lib/toast";
import { PAY_BASIS_CHOICES } from "./choices";

const RULES = zodRules(payRateBody.shape);

interface Props {
  userId: number;
  /** The person's record: its currency and basis start a new rate. */
  currency: string | undefined;
  payBasis: (typeof PAY_BASES)[number] | undefined;
  /** A rate was added or deleted: the record's pay follows the rate in force today. */
  onChanged?: () => void;
  /** Adding and deleting rates (users.writePay, and users.update on the person). */
  writable: boolean;
}

/** Which rate is in force on a day: the latest one that started by then. */
export function rateInForce(rates: readonly PayRateRecord[], day: string): PayRateRecord | undefined {
  return rates.filter((rate) => rate.effective_from <= day).at(-1);
}

/** A new rate from a date on: its basis, its amount typed in major units, its currency. */
function AddPayChangeDialog({ userId, currency, payBasis, today, onClose, onSaved }: Omit<Props, "writable" | "onChanged"> & { today: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const dateFormats = useDateInputFormats();
  const { formProps, error, busy } = useFormSubmit<PayRateBody>({
    submit: async (values) => {
      const reply = await payRatesApi.add(userId, values);
      toast("success", reply.message);
      onClose();
      onSaved();
    },
  });
  // A half-typed code ("US") is no currency yet: the amount keeps the last whole one.
  const typed = Form.useWatch("currency", formProps.form);
  const [shown, setShown] = useState(currency ?? "USD");
  if (typeof typed === "string" && isCurrencyCode(typed) && typed !== shown) setShown(typed);
  return (
    <Form<PayRateBody>
      {...formProps}
      name="pay-change"
      layout="vertical"
      initialValues={{ effective_from: today, pay_basis: payBasis ?? "monthly", currency: currency ?? "USD" }}
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="effective_from" label={t("payHistory.fields.effective_from")} rules={RULES.effective_from} extra={t("payHistory.add.effectiveHint")} {...dateFieldProps}>
        <DatePicker format={dateFormats} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item name="pay_basis" label={t("payHistory.fields.pay_basis")} rules={RULES.pay_basis}>
        <Select options={PAY_BASIS_CHOICES.map((choice) => ({ value: choice.value, label: t(choice.labelKey) }))} />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item name="rate" label={t("payHistory.fields.rate")} rules={[amountRule, ...RULES.rate]} style={{ flex: 1 }}>
          <MoneyInput currency={shown} />
        </Form.Item>
        <Form.Item name="currency" label={t("payHistory.fields.currency")} rules={RULES.currency} normalize={(value: string) => value.toUpperCase()} style={{ width: 110 }}>
          <Input maxLength={3} />
        </Form.Item>
      </Flex>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t("payHistory.add.submit")}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * The profile's pay history: each rate from its date on, the one in force
 * today and the scheduled ones marked; pay writers add a change or delete one.
 * Payroll computes each period with the rates in force then.
 */
export function PayHistory({ userId, currency, payBasis, writable, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const zone = useCompanyProfile().profile?.time_zone;
  const today = todayIn(zone);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const { result, query } = useCustom<{ data: PayRateRecord[] }>({ url: payRatesPaths.history(userId), method: "get", errorNotification: false });
  const rates = result.data?.data ?? [];
  const current = rateInForce(rates, today);
  // Newest first: what is coming, then what is in force, then what was.
  const rows = [...rates].reverse();

  const remove = async (rate: PayRateRecord) => {
    setRemoving(rate.id);
    try {
      const reply = await payRatesApi.remove(userId, rate.id);
      toast("success", reply.message);
    } catch (failure) {
      toast("error", failure instanceof Error ? failure.message : t("errors.other"));
    } finally {
      setRemoving(null);
      void query.refetch();
      onChanged?.();
    }
  };

  return (
    <Card
      title={t("payHistory.title")}
      extra={
        writable && (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            {t("payHistory.add.open")}
          </Button>
        )
      }
      style={{ marginBottom: 16 }}
    >
      <Typography.Paragraph type="secondary">{t("payHistory.hint")}</Typography.Paragraph>
      {query.isError && <Alert type="error" showIcon message={t("payHistory.loadFailed")} style={{ marginBottom: 16 }} />}
      <Table<PayRateRecord>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("payHistory.none") }}
        columns={[
          {
            key: "effective_from",
            title: t("payHistory.fields.effective_from"),
            render: (_, rate) => (
              <Flex gap={8} wrap align="center">
                <time dateTime={rate.effective_from}>{formatDay(rate.effective_from, i18n.language)}</time>
                {rate.id === current?.id && <StateTag tone="good">{t("payHistory.inForce")}</StateTag>}
                {rate.effective_from > today && <StateTag tone="info">{t("payHistory.scheduled")}</StateTag>}
              </Flex>
            ),
          },
          // The amount with its basis under it, and who entered it from a tablet up: a phone's row keeps its date, amount and delete in sight.
          {
            key: "rate",
            title: t("payHistory.fields.rate"),
            align: "end",
            render: (_, rate) => (
              <>
                <Money minor={rate.rate} currency={rate.currency} />
                <Typography.Text type="secondary" style={{ display: "block" }}>
                  {t(`employees.payBases.${rate.pay_basis}`)}
                </Typography.Text>
              </>
            ),
          },
          { key: "created_by_name", title: t("payHistory.fields.created_by"), responsive: ["md"], render: (_, rate) => rate.created_by_name ?? t("payHistory.fromRecord") },
          ...(writable
            ? [
                {
                  key: "actions",
                  title: <span style={VISUALLY_HIDDEN}>{t("payHistory.actions")}</span>,
                  render: (_: unknown, rate: PayRateRecord) => {
                    const day = formatDay(rate.effective_from, i18n.language);
                    return (
                      <ConfirmAction title={t("payHistory.remove.title", { date: day })} description={t("payHistory.remove.explains")} okText={t("common.delete")} danger onConfirm={() => remove(rate)}>
                        <Button danger type="text" icon={<DeleteOutlined aria-hidden />} loading={removing === rate.id} aria-label={t("payHistory.remove.label", { date: day })} />
                      </ConfirmAction>
                    );
                  },
                },
              ]
            : []),
        ]}
      />
      <Modal open={adding} onCancel={() => setAdding(false)} title={t("payHistory.add.title")} footer={null} destroyOnHidden>
        <AddPayChangeDialog userId={userId} currency={currency} payBasis={payBasis} today={today} onClose={() => setAdding(false)} onSaved={() => {
          void query.refetch();
          onChanged?.();
        }} />
      </Modal>
    </Card>
  );
}
