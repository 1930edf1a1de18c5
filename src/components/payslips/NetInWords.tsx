import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { LanguageCode } from "../../../contracts/auth";
import { amountInWords } from "../../../contracts/amount-in-words";

/**
 * Where a pay document customarily writes its amount out: Philippine payroll
 * in English and Filipino (cheque style), and Chinese financial documents
 * (大写 capitals). Japanese and French payslips show figures only.
 */
const CUSTOMARY: Record<LanguageCode, boolean> = { en: true, tl: true, cn: true, jp: false, fr: false };

/** The net pay written out in the reader's language, where that is customary; nothing otherwise. */
export function NetInWords({ minor, currency, language }: { minor: number; currency: string; language: LanguageCode }) {
  const { t } = useTranslation();
  const words = CUSTOMARY[language] ? amountInWords(minor, currency, language) : null;
  if (!words) return null;
  return (
    <Typography.Paragraph style={{ marginBottom: 0 }}>
      <Typography.Text type="secondary">{t("payslipView.netInWords")}: </Typography.Text>
      <Typography.Text italic>{words}</Typography.Text>
    </Typography.Paragraph>
  );
}
