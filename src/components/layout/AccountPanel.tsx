import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useGo } from "@refinedev/core";
import { Avatar, Button, Divider, Drawer, Flex, Typography } from "antd";
import { useAuthState } from "../../auth/store";
import { ROUTES } from "../../routing/guards";
import { DarkModeSwitch } from "./DarkModeSwitch";
import { LanguageSelect } from "./LanguageSelect";
import { PresetSelect } from "./PresetSelect";
import { useConfirmSignOut } from "./useConfirmSignOut";

function Setting({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={12} wrap>
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/**
 * The phone header's one menu: what the desktop header spreads across its width
 * (language, theme, dark mode, profile, sign-out) in a panel from the right edge.
 */
export function AccountPanel() {
  const { t } = useTranslation();
  const { me } = useAuthState();
  const go = useGo();
  const [open, setOpen] = useState(false);
  const { confirmSignOut, holder } = useConfirmSignOut();
  const avatar = (size: "small" | "large") => <Avatar size={size} src={me?.profile_picture_url ?? undefined} icon={<UserOutlined />} />;

  return (
    <>
      {holder}
      <Button
        type="text"
        aria-label={t("header.userMenu", { name: me?.name ?? "" })}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="user-menu"
        style={{ height: "auto", padding: 4 }}
        onClick={() => setOpen(true)}
      >
        {avatar("small")}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="right"
        width="min(320px, 85vw)"
        title={t("header.accountPanel")}
        data-testid="account-panel"
      >
        <Flex vertical gap={16}>
          <Flex align="center" gap={12}>
            {avatar("large")}
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong ellipsis>{me?.name}</Typography.Text>
              <Typography.Text type="secondary" ellipsis>{me?.email}</Typography.Text>
            </Flex>
          </Flex>
          <Divider style={{ margin: 0 }} />
          <Setting label={t("header.language")}>
            <LanguageSelect />
          </Setting>
          <Setting label={t("header.theme")}>
            <PresetSelect />
          </Setting>
          <Setting label={t("header.darkMode")}>
            <DarkModeSwitch />
          </Setting>
          <Divider style={{ margin: 0 }} />
          <Button
            block
            icon={<UserOutlined />}
            onClick={() => {
              setOpen(false);
              go({ to: ROUTES.profile });
            }}
          >
            {t("header.profile")}
          </Button>
          <Button
            block
            danger
            icon={<LogoutOutlined />}
            onClick={() => {
              setOpen(false);
              confirmSignOut();
            }}
          >
            {t("header.signOut")}
          </Button>
        </Flex>
      </Drawer>
    </>
  );
}
