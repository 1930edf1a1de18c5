import { Typography } from "antd";
import { useGetIdentity } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Me } from "../../../contracts/auth";

/** Stands in for the name while the sentence around it is translated: it is then split there. */
const SLOT = "\u0000";

/** "Hello, <name>" under a dashboard's title: whose day the figures are, the name in bold wherever the language puts it. */
export function Greeting() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<Me>();
  if (!me) return null;
  // Not react-i18next's <Trans>: its parser would join the chunk the sign-in page loads.
  const [before, after = ""] = t("userDashboard.greeting", { name: SLOT, interpolation: { escapeValue: false } }).split(SLOT);
  return (
    <Typography.Paragraph type="secondary" data-testid="identity">
      {before}
      <strong>{me.name}</strong>
      {after}
    </Typography.Paragraph>
  );
}
