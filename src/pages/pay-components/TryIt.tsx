import { useId } from "react";
import { LoadingOutlined } from "@ant-design/icons";
import { Alert, Card, Descriptions, Flex, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ComponentRecord } from "../../../contracts/payroll";
import { DateRangeField } from "../../components/common/DateRangeField";
import type { DateRange } from "../../components/common/dateRange";
import { Money } from "../../components/common/Money";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { FormulaInputs } from "../../components/payroll/FormulaInputs";
import type { PreviewState } from "./usePreview";

/** The longest period tried at once: a quarter, as a run's. */
export const TRY_MAX_DAYS = 92;

interface TryItProps {
  state: PreviewState;
  person: number | undefined;
  onPerson: (id: number | undefined) => void;
  period: DateRange;
  onPeriod: (period: DateRange) => void;
  components: readonly ComponentRecord[];
}

/** The answer for the chosen person, or why there is none yet. */
function Outcome({ state, person, components }: { state: PreviewState; person: number | undefined; components: readonly ComponentRecord[] }) {
  const { t } = useTranslation();
  if (Object.keys(state.fieldErrors).length > 0) return <Typography.Text type="secondary">{t("payrollUi.formula.fixFirst")}</Typography.Text>;
  if (person === undefined) return <Typography.Text type="secondary">{t("payrollUi.formula.choosePerson")}</Typography.Text>;
  if (state.problem) return <Alert type="warning" showIcon message={state.problem} />;
  if (!state.reply)
    return state.checking ? (
      <Space>
        <LoadingOutlined aria-hidden />
        <Typography.Text type="secondary">{t("payrollUi.formula.working")}</Typography.Text>
      </Space>
    ) : (
      <Typography.Text type="secondary">{t("payrollUi.formula.completeFirst")}</Typography.Text>
    );
  const { amount, employer_amount: employer, currency, inputs } = state.reply;
  return (
    <Flex vertical gap={12} style={{ opacity: state.current ? 1 : 0.6 }}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t("payrollUi.formula.amount")}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            <Money minor={amount} currency={currency} />
          </Typography.Text>
        </Descriptions.Item>
        {employer !== null && (
          <Descriptions.Item label={t("payrollUi.formula.employerAmount")}>
            <Money minor={employer} currency={currency} />
          </Descriptions.Item>
        )}
      </Descriptions>
      <FormulaInputs inputs={Object.entries(inputs).map(([name, value]) => ({ name, value }))} currency={currency} nameOf={(code) => components.find((component) => component.code === code)?.name ?? ""} />
    </Flex>
  );
}

/**
 * "Try it": the component as typed, for one person and period (last month
 * unless changed), with the amount and what the formula read, updated as
 * the formula changes. Nothing is saved.
 */
export function TryIt({ state, person, onPerson, period, onPeriod, components }: TryItProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Card
      size="small"
      title={
        <Flex justify="space-between" align="center" gap={8}>
          <span id={`${id}-title`}>{t("payrollUi.formula.tryIt")}</span>
          {state.checking && state.reply && (
            <Typography.Text type="secondary" style={{ fontWeight: "normal", fontSize: 13 }}>
              <LoadingOutlined aria-hidden /> {t("payrollUi.formula.working")}
            </Typography.Text>
          )}
        </Flex>
      }
      role="region"
      aria-labelledby={`${id}-title`}
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {t("payrollUi.formula.tryItHint")}
      </Typography.Paragraph>
      <Flex vertical gap={12}>
        <Flex vertical gap={4}>
          <label htmlFor={`${id}-person`}>{t("payrollUi.formula.person")}</label>
          <PeoplePicker id={`${id}-person`} value={person} onChange={onPerson} style={{ width: "100%", maxWidth: 420 }} />
        </Flex>
        <DateRangeField value={period} onChange={onPeriod} maxDays={TRY_MAX_DAYS} />
        <div aria-live="polite">
          <Outcome state={state} person={person} components={components} />
        </div>
      </Flex>
    </Card>
  );
}
