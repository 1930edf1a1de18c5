import { CopyOutlined, DownloadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, theme } from "antd";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast";

/**
 * Ten recovery codes shown once, after two-factor sign-in is turned on or
 * the codes are made anew: to copy or download before going on.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const text = `${codes.join("\n")}\n`;
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    toast("success", t("secondStep.codesCopied"));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: "paydesk-recovery-codes.txt" });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="recovery-codes-title" data-testid="recovery-codes">
      <h2 id="recovery-codes-title" style={{ fontSize: token.fontSizeLG, margin: "0 0 8px", color: token.colorTextHeading }}>
        {t("secondStep.codesTitle")}
      </h2>
      <Alert type="warning" showIcon message={t("secondStep.codesExplain")} style={{ marginBottom: 12 }} />
      <ul
        aria-label={t("secondStep.codesTitle")}
        style={{
          display: "grid",
          gridTemplateColumns: "repeat(auto-fill, minmax(130px, 1fr))",
          gap: 8,
          listStyle: "none",
          padding: 12,
          margin: "0 0 12px",
          fontFamily: token.fontFamilyCode,
          fontSize: 15,
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadius,
          color: token.colorText,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {t("secondStep.codesCopy")}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          {t("secondStep.codesDownload")}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t("secondStep.codesContinue")}
        </Button>
      </Flex>
    </section>
  );
}

/** The enrolment's QR code and the key for typing by hand. */
export function EnrolmentSecret({ qrCode, secret }: { qrCode: string; secret: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
      {/* White behind the code in dark mode too: phone cameras read dark on light. */}
      <img src={qrCode} alt={t("secondStep.qrAlt")} width={184} height={184} style={{ background: "#fff", padding: 8, borderRadius: token.borderRadius }} />
      <div style={{ width: "100%" }}>
        <div id="two-factor-secret-label" style={{ color: token.colorTextSecondary, fontSize: 13 }}>
          {t("secondStep.secretLabel")}
        </div>
        <code data-testid="two-factor-secret" style={{ display: "block", wordBreak: "break-all", fontSize: 15, padding: "4px 0", color: token.colorText, userSelect: "all" }}>
          {secret.replace(/(.{4})/g, "$1 ").trim()}
        </code>
      </div>
    </Flex>
  );
}
