import { InfoCircleOutlined } from "@ant-design/icons";
import { Alert, Card, Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { SystemCheckResult } from "../../../contracts/system-check";
import { CheckStatusTag } from "./CheckStatusTag";
import { formatFact } from "./formatFact";

/** One check: its verdict, the figures it read, what to do when it did not pass, and a note worth knowing when there is one. */
export function CheckCard({ check }: { check: SystemCheckResult }) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      data-testid={`check-${check.key}`}
      style={{ height: "100%" }}
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16, whiteSpace: "normal" }}>
          {t(`systemCheck.checks.${check.key}`)}
        </Typography.Title>
      }
      extra={<CheckStatusTag status={check.status} />}
    >
      {check.advice && (
        <Alert
          type={check.status === "fail" ? "error" : "warning"}
          showIcon
          message={t(`systemCheck.advice.${check.advice}`)}
          style={{ marginBottom: 12 }}
        />
      )}
      <Descriptions
        column={1}
        size="small"
        items={check.facts.map((fact) => ({
          key: fact.name,
          label: t(`systemCheck.facts.${fact.name}`),
          children: <span style={{ overflowWrap: "anywhere" }}>{formatFact(fact, t, i18n.language)}</span>,
        }))}
      />
      {check.note && (
        <Typography.Paragraph type="secondary" style={{ margin: "12px 0 0" }}>
          <InfoCircleOutlined aria-hidden /> {t(`systemCheck.notes.${check.note}`)}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
