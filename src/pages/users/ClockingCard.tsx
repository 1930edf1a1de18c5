import { Card, Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { CLOCK_POLICIES } from "../../../contracts/attendance";
import { userCreateBody } from "../../../contracts/users";
import { FieldRow, zodRules } from "../../components/form";
import { useLocationOptions } from "./useLocationOptions";

const RULES = zodRules(userCreateBody.shape);

/**
 * Where a person clocks in (attendance administrators only): their clock
 * policy and work locations. No location chosen: any active one.
 */
export function ClockingCard() {
  const { t } = useTranslation();
  const locations = useLocationOptions();
  const field = (name: string) => t(`employees.fields.${name}`);
  // The hint says what the policy chosen does (an untouched new person's: at a work location).
  const policy = Form.useWatch("clock_policy") ?? "onsite";
  return (
    <Card title={t("employees.sections.clocking")} style={{ marginBottom: 16 }}>
      <FieldRow spans={[8, 16]}>
        <Form.Item name="clock_policy" label={field("clock_policy")} rules={RULES.clock_policy} extra={t(`employees.clockPolicyHints.${policy}`)}>
          <Select options={CLOCK_POLICIES.map((policy) => ({ value: policy, label: t(`employees.clockPolicies.${policy}`) }))} />
        </Form.Item>
        <Form.Item name="work_location_ids" label={field("work_location_ids")} rules={RULES.work_location_ids} extra={t("employees.workLocationsHint")}>
          <Select
            mode="multiple"
            allowClear
            loading={locations.loading}
            optionFilterProp="label"
            options={locations.options.map((location) => ({ value: location.id, label: location.name }))}
          />
        </Form.Item>
      </FieldRow>
    </Card>
  );
}
