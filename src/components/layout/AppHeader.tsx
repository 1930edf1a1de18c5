import { useTranslation } from "react-i18next";
import { MenuOutlined } from "@ant-design/icons";
import { Button, Grid, Layout, Space, Typography, theme } from "antd";
import { BrandMark } from "../common/Brand";
import { CompanyBadge } from "../company/CompanyBadge";
import { NotificationBell, useNotificationsLive } from "../notifications";
import { AccountPanel } from "./AccountPanel";
import { DarkModeSwitch } from "./DarkModeSwitch";
import { LanguageSelect } from "./LanguageSelect";
import { PresetSelect } from "./PresetSelect";
import { UserMenu } from "./UserMenu";
import { useLayoutState } from "./LayoutContext";

export function AppTitle({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Space>
      <BrandMark size={28} />
      {!collapsed && (
        <Typography.Text strong style={{ fontSize: 16 }}>
          {t("app.name")}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * Below antd's `lg` breakpoint Refine's sider becomes a drawer: the same width
 * at which the header folds its controls into one panel and opens the menu itself
 * (Refine's own floating menu button would sit over the page title).
 */
function useCompactLayout(): boolean {
  const breakpoint = Grid.useBreakpoint();
  return breakpoint.lg === false;
}

function MenuButton() {
  const { t } = useTranslation();
  const { setMobileSiderOpen } = useLayoutState();
  return <Button type="text" icon={<MenuOutlined />} aria-label={t("header.openMenu")} data-testid="menu-button" onClick={() => setMobileSiderOpen(true)} />;
}

export function AppHeader() {
  const { token } = theme.useToken();
  const compact = useCompactLayout();
  // One live link for the shell, whichever header (phone or desktop) shows the bell.
  useNotificationsLive();
  return (
    <Layout.Header
      style={{
        display: "flex",
        justifyContent: "space-between",
        alignItems: "center",
        gap: compact ? 8 : 16,
        padding: compact ? "0 12px" : "0 24px",
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: "sticky",
        top: 0,
        zIndex: 10,
      }}
    >
      {compact ? (
        <>
          <MenuButton />
          <div style={{ flex: 1, minWidth: 0 }}>
            <CompanyBadge />
          </div>
          <NotificationBell />
          <AccountPanel />
        </>
      ) : (
        <>
          <div style={{ flex: 1, minWidth: 0 }}>
            <CompanyBadge />
          </div>
          <LanguageSelect />
          <PresetSelect />
          <DarkModeSwitch />
          <NotificationBell />
          <UserMenu />
        </>
      )}
    </Layout.Header>
  );
}
