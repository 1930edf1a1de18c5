import { useEffect, useId, useRef } from "react";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Alert, Flex, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { PayslipDocument } from "../../../contracts/payslips";
import { payslipPaths } from "../../api/payslips";
import { LinkButton } from "../../components/common/LinkButton";
import { PayslipDownloads } from "../../components/payroll/PayslipDownloads";
import { formatPeriod } from "../../components/payroll/format";
import { PayslipDocumentView } from "../../components/payslips/PayslipDocumentView";
import { PayslipDownloadButton } from "../../components/payslips/PayslipDownloadButton";
import { PayslipExplanation } from "../../components/payslips/PayslipExplanation";
import { ownPayslipPaths } from "./paths";
import { PageTitle, SectionTitle } from "../../components/common/PageTitle";

/** Who downloaded the payslip's PDF, when, from where and how: one's own history, to spot a download that was not one's own. */
function DownloadHistory({ payslipId }: { payslipId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <SectionTitle id={titleId} style={{ marginTop: 0 }}>
        {t("userPayslips.history.title")}
      </SectionTitle>
      <Typography.Paragraph type="secondary">{t("userPayslips.history.explains")}</Typography.Paragraph>
      <PayslipDownloads payslipId={payslipId} />
    </section>
  );
}

/**
 * /user-payslips?payslip={id}: one of one's own payslips in full, as it
 * reads on paper, with its PDF, how its lines were worked out (on demand) and its download history, and the way back
 * to its year. A payslip that is not the reader's, or no longer stands, is
 * said to be unavailable.
 */
export function OwnPayslipDetail({ payslipId }: { payslipId: number }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const { result, query } = useCustom<{ data: PayslipDocument }>({
    url: payslipPaths.document(payslipId),
    method: "get",
    // A refusal stays one: only a lost connection or a server fault is asked again (the app's query defaults).
    errorNotification: false,
  });
  const payslip = result.data?.data;
  // Opened from within the app (the list, a notification), the page changed under the keyboard's focus:
  // it starts again at the payslip's title. A page loaded afresh starts at the top as any other.
  const inApp = useLocation().key !== "default";
  const loaded = payslip !== undefined;
  useEffect(() => {
    if (loaded && inApp) heading.current?.focus();
  }, [loaded, inApp]);

  const body = () => {
    if (query.isLoading) return <Skeleton active title={false} />;
    if (!payslip) {
      const refused = !query.isError || [403, 404, 422].includes(query.error.statusCode);
      return <Alert type={refused ? "warning" : "error"} showIcon message={refused ? t("userPayslips.detail.unavailable") : query.error.message} />;
    }
    return (
      <>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <PageTitle ref={heading} tabIndex={-1} style={{ margin: 0, overflowWrap: "anywhere" }}>
            {t("userPayslips.detail.title", { period: formatPeriod(payslip.run.period_start, payslip.run.period_end, i18n.language) })}
          </PageTitle>
          <PayslipDownloadButton payslipId={payslip.id} type="primary" />
        </Flex>
        <PayslipDocumentView document={payslip} />
        <PayslipExplanation payslipId={payslip.id} />
        <DownloadHistory payslipId={payslip.id} />
      </>
    );
  };
  return (
    <Flex vertical gap={16}>
      <div>
        <LinkButton to={ownPayslipPaths.year(payslip?.run.pay_date.slice(0, 4))} type="link" icon={<ArrowLeftOutlined aria-hidden />} style={{ paddingInline: 0 }}>
          {t("userPayslips.detail.back")}
        </LinkButton>
      </div>
      {body()}
    </Flex>
  );
}
