import { useTranslation } from "react-i18next";
import { DownOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useGo } from "@refinedev/core";
import { Avatar, Button, Dropdown, Space, Typography } from "antd";
import { useAuthState } from "../../auth/store";
import { ROUTES } from "../../routing/guards";
import { useConfirmSignOut } from "./useConfirmSignOut";

/** Profile and sign-out; signing out asks first. */
export function UserMenu() {
  const { t } = useTranslation();
  // The store, not Refine's cached identity: a new name or picture shows at once.
  const { me } = useAuthState();
  const go = useGo();
  const { confirmSignOut, holder } = useConfirmSignOut();

  return (
    <>
      {holder}
      <Dropdown
        trigger={["click"]}
        // Opened from the keyboard, the menu takes the focus, so the arrows move through it.
        autoFocus
        menu={{
          items: [
            { key: "profile", icon: <UserOutlined />, label: t("header.profile"), onClick: () => go({ to: ROUTES.profile }) },
            { type: "divider" },
            { key: "sign-out", icon: <LogoutOutlined />, label: t("header.signOut"), danger: true, onClick: confirmSignOut },
          ],
        }}
      >
        <Button type="text" aria-label={t("header.userMenu", { name: me?.name ?? "" })} data-testid="user-menu" style={{ height: "auto", padding: "4px 8px" }}>
          <Space>
            <Avatar size="small" src={me?.profile_picture_url ?? undefined} icon={<UserOutlined />} />
            <Typography.Text strong>{me?.name}</Typography.Text>
            <DownOutlined style={{ fontSize: 10 }} />
          </Space>
        </Button>
      </Dropdown>
    </>
  );
}
