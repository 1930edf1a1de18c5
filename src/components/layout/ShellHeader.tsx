import { useTranslation } from "react-i18next";
import { Flex, theme } from "antd";
import { BrandMark } from "../common/Brand";
import { LanguageSelect } from "./LanguageSelect";
import { DarkModeSwitch } from "./DarkModeSwitch";

/**
 * The top of every screen outside the signed-in layout (sign-in, a whole-page message): the brand, and the
 * language and theme controls, so a person can read and see any screen they land on their own way.
 */
export function ShellHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex component="header" justify="space-between" align="center" wrap gap={12} style={{ padding: "16px 24px" }}>
      <Flex align="center" gap={10}>
        <BrandMark />
        <strong style={{ fontSize: 18, color: token.colorTextHeading }}>{t("app.name")}</strong>
      </Flex>
      <Flex align="center" gap={16}>
        <LanguageSelect />
        <DarkModeSwitch />
      </Flex>
    </Flex>
  );
}
