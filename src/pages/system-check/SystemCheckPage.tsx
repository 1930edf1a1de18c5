import { ReloadOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Alert, Button, Col, Flex, Row, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { SystemCheckReply } from "../../../contracts/system-check";
import { CheckCard } from "./CheckCard";
import { formatMoment } from "./formatFact";
import { TestMailCard } from "./TestMailCard";
import { PageTitle } from "../../components/common/PageTitle";

const SUMMARY_TYPES = { pass: "success", warn: "warning", fail: "error" } as const;

/**
 * /settings-test: every part of the installation tried (the server runs the
 * checks on each visit and on "Run again"), one card each with its verdict,
 * figures and advice; and a test e-mail to oneself.
 */
export default function SystemCheckPage() {
  const { t, i18n } = useTranslation();
  const { result, query } = useCustom<{ data: SystemCheckReply }>({
    url: "/system/check",
    method: "get",
    errorNotification: false,
    // Each run writes and reads a probe file and may reach the SMTP server: on request, not on every return to the tab.
    queryOptions: { refetchOnWindowFocus: false },
  });
  const reply = result.data?.data;
  const running = query.isFetching;

  return (
    <>
      <Flex wrap justify="space-between" align="start" gap={12} style={{ marginBottom: 16 }}>
        <div>
          <PageTitle style={{ marginTop: 0 }}>
            {t("systemCheck.title")}
          </PageTitle>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0, maxWidth: 720 }}>
            {t("systemCheck.intro")}
          </Typography.Paragraph>
        </div>
        <Button icon={<ReloadOutlined aria-hidden />} loading={running} onClick={() => void query.refetch()}>
          {t("systemCheck.runAgain")}
        </Button>
      </Flex>

      <div aria-live="polite" aria-busy={running} data-testid="check-summary" style={{ marginBottom: 16 }}>
        {running && !reply ? (
          <Typography.Text type="secondary">{t("systemCheck.running")}</Typography.Text>
        ) : query.error ? (
          <Alert type="error" showIcon message={query.error.message} />
        ) : (
          reply && (
            <Alert
              type={SUMMARY_TYPES[reply.status]}
              showIcon
              message={t(`systemCheck.summary.${reply.status}`)}
              description={t("systemCheck.checkedAt", { time: formatMoment(reply.checked_at, i18n.language) })}
            />
          )
        )}
      </div>

      {reply ? (
        <Row gutter={[16, 16]}>
          {reply.checks.map((check) => (
            <Col key={check.key} xs={24} lg={12} xxl={8}>
              <CheckCard check={check} />
            </Col>
          ))}
          <Col xs={24} lg={12} xxl={8}>
            <TestMailCard />
          </Col>
        </Row>
      ) : (
        running && <Skeleton active title={false} />
      )}
    </>
  );
}
