import { Typography } from "antd";
import { useGetIdentity } from "@refinedev/core";
import { Trans } from "react-i18next";
import type { Me } from "../../../contracts/auth";

/** "Hello, <name>" under a dashboard's title: whose day the figures are. */
export function Greeting() {
  const { data: me } = useGetIdentity<Me>();
  if (!me) return null;
  return (
    <Typography.Paragraph type="secondary" data-testid="identity">
      <Trans i18nKey="userDashboard.greeting" values={{ name: me.name }} components={{ name: <strong /> }} />
    </Typography.Paragraph>
  );
}
