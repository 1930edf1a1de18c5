import { Flex, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { BrandMark } from "../common/Brand";
import { useCompanyProfile } from "./useCompanyProfile";

/**
 * Whose workspace this is: the company's logo and name, at the head of every
 * signed-in page (the product's own mark until a logo is uploaded).
 */
export function CompanyBadge({ size = 28 }: { size?: number }) {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const { profile } = useCompanyProfile();
  // The product's name until the company's has loaded: the phone header is never without a title.
  const name = profile ? (profile.trading_name ?? profile.legal_name) : t("app.name");
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }} data-testid="company-badge">
      {profile?.logo_url ? (
        // The name stands beside it: the logo says nothing more to a screen reader.
        <img src={profile.logo_url} alt="" height={size} style={{ display: "block", maxWidth: size * 4, objectFit: "contain", borderRadius: token.borderRadiusSM }} />
      ) : (
        <BrandMark size={size} />
      )}
      <Typography.Text strong ellipsis style={{ fontSize: 16, lineHeight: 1.3, minWidth: 0 }}>
        {name}
      </Typography.Text>
    </Flex>
  );
}
