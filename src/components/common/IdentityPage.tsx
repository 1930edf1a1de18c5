import { useTranslation } from "react-i18next";
import { useGetIdentity } from "@refinedev/core";
import { Card, Descriptions, Typography } from "antd";
import type { Me } from "../../../contracts/auth";

/**
 * A page's title and who is signed in. The dashboards and payslips pages
 * show this until their own issues give them content: no invented figures.
 */
export function IdentityPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<Me>();
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t(titleKey)}
      </Typography.Title>
      {me && (
        <Card data-testid="identity">
          <Typography.Paragraph>{t("home.signedInAs", { name: me.name, email: me.email })}</Typography.Paragraph>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("home.roleLabel")}>{me.role?.name ?? t("home.noRole")}</Descriptions.Item>
            <Descriptions.Item label={t("home.levelLabel")}>{t(`accessLevel.${me.access_level}`)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </>
  );
}
