import { useEffect, useState } from "react";
import { useCustom } from "@refinedev/core";
import { Button, Card, Col, DatePicker, Form, Input, Radio, Row, Select, Space, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { INVITATION_LINK_DAYS } from "../../../contracts/auth";
import { isCurrencyCode } from "../../../contracts/money";
import { userCreateBody, userUpdateBody, type UserRecord } from "../../../contracts/users";
import { todayIn } from "../../i18n/calendar";
import { NewPasswordFields } from "../../components/auth/NewPasswordFields";
import { dateFieldProps } from "../../components/common/DateField";
import { amountRule, MoneyInput } from "../../components/common/MoneyInput";
import { usePolicy } from "../../auth/usePolicy";
import { FieldRow, useResourceForm, zodRules } from "../../components/form";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { ClockingCard } from "./ClockingCard";
import { LEVEL_CHOICES, PAY_BASIS_CHOICES, STATUS_CHOICES, TYPE_CHOICES } from "./choices";
import { useDateInputFormats, type Choice } from "../../components/list";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";

const DEFAULT_CURRENCY = "USD";
/** Each field as the create contract checks it; the update contract checks the same fields, each optional. */
const RULES = zodRules(userCreateBody.shape);
const RULES_UPDATE = zodRules(userUpdateBody.shape);

/**
 * How a new person gets in: an e-mailed invitation to choose their own
 * password (the default), or a password typed here. The password fields
 * leave the form with the choice, so an invitation sends none.
 */
function SignInChoice({ typed, onChange, passwordLabel, confirmLabel }: { typed: boolean; onChange: (typed: boolean) => void; passwordLabel: string; confirmLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t("employees.signIn.label")}>
        <Radio.Group value={typed ? "password" : "invite"} onChange={(event) => onChange(event.target.value === "password")}>
          <Space direction="vertical">
            <Radio value="invite">{t("employees.signIn.invite", { count: INVITATION_LINK_DAYS })}</Radio>
            <Radio value="password">{t("employees.signIn.password")}</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      {typed && <NewPasswordFields passwordLabel={passwordLabel} confirmLabel={confirmLabel} preserve={false} />}
    </>
  );
}

const PAY_RATE_FIELDS = ["pay_basis", "base_rate", "currency"] as const;

/**
 * Once the pay basis, rate or currency differs from the record's, the date it
 * applies from (today unless changed), as the Pay history tab asks: earlier
 * periods keep their rate. It leaves the form when the pay is put back.
 */
function PayChangeDate({ initial, dateFormats }: { initial?: Record<string, unknown>; dateFormats: string[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const watched: unknown[] = [Form.useWatch("pay_basis", form), Form.useWatch("base_rate", form), Form.useWatch("currency", form)];
  const today = todayIn(useCompanyProfile().profile?.time_zone);
  const changed = initial !== undefined && PAY_RATE_FIELDS.some((name, index) => watched[index] !== undefined && watched[index] !== initial[name]);
  if (!changed) return null;
  return (
    <Form.Item name="pay_effective_from" label={t("payHistory.fields.effective_from")} extra={t("employees.payEffectiveHint")} initialValue={today} preserve={false} rules={RULES_UPDATE.pay_effective_from} {...dateFieldProps}>
      <DatePicker format={dateFormats} style={{ width: "100%" }} />
    </Form.Item>
  );
}

/** The person's manager, as the form holds it: an id, or null for none. */
function ManagerPicker({ value, onChange, ...field }: { id?: string; value?: number | null; onChange?: (id: number | null) => void }) {
  return <PeoplePicker {...field} value={value ?? undefined} onChange={(id) => onChange?.(id ?? null)} />;
}

interface UserFormProps {
  action: "create" | "edit";
  id?: number;
}

/**
 * Create and edit one person. The server's 422 messages land on their fields
 * (Refine's form reads `errors`); pay fields appear only for those with the
 * pay permission, who alone may write them (someone without it who edits
 * their own record sees their pay on their profile, not here).
 */
export function UserForm({ action, id }: UserFormProps) {
  const { t } = useTranslation();
  const may = usePolicy();
  const writesPay = may("users.writePay");
  const setsClocking = may("users.setClocking");
  const { formProps, saveButtonProps, form } = useResourceForm<UserRecord & { role_id?: number | null }>({
    resource: "users",
    action,
    id,
    redirect: "show",
    // The API answers with the role as {id, name}; the form edits role_id.
    queryOptions: { select: (result) => ({ ...result, data: { ...result.data, role_id: result.data.role?.id ?? null } }) },
  });
  // A half-typed code ("US") is no currency yet: amounts keep the last whole one.
  const typedCurrency: string | undefined = Form.useWatch("currency", form);
  const [currency, setCurrency] = useState(DEFAULT_CURRENCY);
  useEffect(() => {
    if (typedCurrency && isCurrencyCode(typedCurrency)) setCurrency(typedCurrency);
  }, [typedCurrency]);
  // New people are paid in the company's currency unless someone chose another.
  const { profile } = useCompanyProfile();
  useEffect(() => {
    if (action === "create" && profile && !form.isFieldTouched("currency")) form.setFieldValue("currency", profile.currency);
  }, [action, profile, form]);
  const dateFormats = useDateInputFormats();
  const { result: roleOptions } = useCustom<{ data: { id: number; name: string }[] }>({ url: "/roles/options", method: "get" });
  const options = (choices: readonly Choice[]) => choices.map((choice) => ({ value: choice.value, label: t(choice.labelKey) }));
  const field = (name: string) => t(`employees.fields.${name}`);
  // A new person is e-mailed an invitation to choose their password, unless one is typed for them.
  const [typesPassword, setTypesPassword] = useState(false);

  return (
    <Form
      {...formProps}
      layout="vertical"
      initialValues={
        action === "create"
          ? { access_level: 1, is_active: true, employment_type: "full_time", employment_status: "active", pay_basis: "monthly", base_rate: 0, currency: DEFAULT_CURRENCY }
          : formProps.initialValues
      }
    >
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t("employees.sections.personal")} style={{ marginBottom: 16 }}>
            <FieldRow>
              <Form.Item name="first_name" label={field("first_name")} rules={RULES.first_name}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="last_name" label={field("last_name")} rules={RULES.last_name}>
                <Input autoComplete="off" />
              </Form.Item>
            </FieldRow>
            <Form.Item name="email" label={field("email")} rules={RULES.email}>
              <Input type="email" autoComplete="off" />
            </Form.Item>
            <FieldRow>
              <Form.Item name="phone" label={field("phone")} rules={RULES.phone}>
                <Input />
              </Form.Item>
              <Form.Item name="birth_date" label={field("birth_date")} rules={RULES.birth_date} {...dateFieldProps}>
                <DatePicker format={dateFormats} style={{ width: "100%" }} />
              </Form.Item>
            </FieldRow>
            <Form.Item name="address" label={field("address")} rules={RULES.address}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <FieldRow>
              <Form.Item name="emergency_contact_name" label={field("emergency_contact_name")} rules={RULES.emergency_contact_name}>
                <Input />
              </Form.Item>
              <Form.Item name="emergency_contact_phone" label={field("emergency_contact_phone")} rules={RULES.emergency_contact_phone}>
                <Input />
              </Form.Item>
            </FieldRow>
          </Card>
          <Card title={t("employees.sections.access")} style={{ marginBottom: 16 }}>
            <FieldRow>
              <Form.Item name="access_level" label={field("access_level")} rules={RULES.access_level}>
                <Select options={options(LEVEL_CHOICES)} />
              </Form.Item>
              <Form.Item name="role_id" label={field("role")} rules={RULES.role_id}>
                <Select allowClear options={(roleOptions.data?.data ?? []).map((role) => ({ value: role.id, label: role.name }))} />
              </Form.Item>
            </FieldRow>
            <Form.Item name="is_active" label={field("is_active")} rules={RULES.is_active} valuePropName="checked">
              <Switch />
            </Form.Item>
            {action === "create" && <SignInChoice typed={typesPassword} onChange={setTypesPassword} passwordLabel={field("password")} confirmLabel={field("password_confirmation")} />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t("employees.sections.employment")} style={{ marginBottom: 16 }}>
            <FieldRow>
              <Form.Item name="employee_number" label={field("employee_number")} rules={RULES.employee_number}>
                <Input />
              </Form.Item>
              <Form.Item name="department" label={field("department")} rules={RULES.department}>
                <Input />
              </Form.Item>
            </FieldRow>
            <FieldRow>
              <Form.Item name="position" label={field("position")} rules={RULES.position}>
                <Input />
              </Form.Item>
              <Form.Item name="manager_id" label={field("manager_id")} rules={RULES.manager_id} extra={t("employees.managerHint")} >
                <ManagerPicker />
              </Form.Item>
            </FieldRow>
            <FieldRow>
              <Form.Item name="employment_type" label={field("employment_type")} rules={RULES.employment_type}>
                <Select options={options(TYPE_CHOICES)} />
              </Form.Item>
              <Form.Item name="employment_status" label={field("employment_status")} rules={RULES.employment_status}>
                <Select options={options(STATUS_CHOICES)} />
              </Form.Item>
            </FieldRow>
            <FieldRow>
              <Form.Item name="hire_date" label={field("hire_date")} rules={RULES.hire_date} {...dateFieldProps}>
                <DatePicker format={dateFormats} style={{ width: "100%" }} />
              </Form.Item>
              <Form.Item name="end_date" label={field("end_date")} rules={RULES.end_date} {...dateFieldProps}>
                <DatePicker format={dateFormats} style={{ width: "100%" }} />
              </Form.Item>
            </FieldRow>
          </Card>
          {setsClocking && <ClockingCard />}
          {writesPay && (
            <Card title={t("employees.sections.pay")} style={{ marginBottom: 16 }}>
              <FieldRow spans={[8, 10, 6]}>
                <Form.Item name="pay_basis" label={field("pay_basis")} rules={RULES.pay_basis}>
                  <Select options={options(PAY_BASIS_CHOICES)} />
                </Form.Item>
                <Form.Item name="base_rate" label={field("base_rate")} rules={[amountRule, ...RULES.base_rate]}>
                  <MoneyInput currency={currency} />
                </Form.Item>
                <Form.Item name="currency" label={field("currency")} rules={RULES.currency} normalize={(value: string) => value.toUpperCase()}>
                  <Input maxLength={3} />
                </Form.Item>
              </FieldRow>
              {action === "edit" && <PayChangeDate initial={formProps.initialValues} dateFormats={dateFormats} />}
              <FieldRow>
                <Form.Item name="bank_name" label={field("bank_name")} rules={RULES.bank_name}>
                  <Input />
                </Form.Item>
                <Form.Item name="bank_account" label={field("bank_account")} rules={RULES.bank_account}>
                  <Input autoComplete="off" />
                </Form.Item>
              </FieldRow>
              <FieldRow>
                <Form.Item name="tax_id" label={field("tax_id")} rules={RULES.tax_id}>
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item name="social_insurance_id" label={field("social_insurance_id")} rules={RULES.social_insurance_id}>
                  <Input autoComplete="off" />
                </Form.Item>
              </FieldRow>
            </Card>
          )}
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">{t(action === "create" && typesPassword ? "employees.requiredHintWithPassword" : "employees.requiredHint")}</Typography.Paragraph>
      <Button type="primary" {...saveButtonProps}>
        {t("common.save")}
      </Button>
    </Form>
  );
}
