import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { LanguageCode } from "../../../contracts/auth";
import { netPayInWords } from "../../../contracts/amount-in-words";

/** The net pay written out in the reader's language, where that is customary; nothing otherwise. */
export function NetInWords({ minor, currency, language }: { minor: number; currency: string; language: LanguageCode }) {
  const { t } = useTranslation();
  const words = netPayInWords(minor, currency, language);
  if (!words) return null;
  return (
    <Typography.Paragraph style={{ marginBottom: 0 }}>
      <Typography.Text type="secondary">{t("payslipView.netInWords")}
        {t("common.colon")}
      </Typography.Text>
      <Typography.Text italic>{words}</Typography.Text>
    </Typography.Paragraph>
  );
}
