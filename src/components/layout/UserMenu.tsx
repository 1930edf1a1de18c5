import { useTranslation } from "react-i18next";
import { DownOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useGetIdentity, useGo, useLogout } from "@refinedev/core";
import { Avatar, Button, Dropdown, Modal, Space, Typography } from "antd";
import type { Me } from "../../../contracts/auth";

/** Profile and sign-out; signing out asks first. */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<Me>();
  const { mutate: logout } = useLogout();
  const go = useGo();
  const [modal, modalHolder] = Modal.useModal();

  const confirmSignOut = () =>
    modal.confirm({
      title: t("signOut.confirmTitle"),
      content: t("signOut.confirmText"),
      okText: t("signOut.confirm"),
      cancelText: t("signOut.cancel"),
      icon: <LogoutOutlined />,
      onOk: () => logout(),
    });

  return (
    <>
      {modalHolder}
      <Dropdown
      trigger={["click"]}
      menu={{
        items: [
          { key: "profile", icon: <UserOutlined />, label: t("header.profile"), onClick: () => go({ to: "/profile" }) },
          { type: "divider" },
          { key: "sign-out", icon: <LogoutOutlined />, label: t("header.signOut"), danger: true, onClick: confirmSignOut },
        ],
      }}
    >
      <Button type="text" aria-label={t("header.userMenu")} data-testid="user-menu" style={{ height: "auto", padding: "4px 8px" }}>
        <Space>
          <Avatar size="small" icon={<UserOutlined />} />
          <Typography.Text strong>{me?.name}</Typography.Text>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Button>
      </Dropdown>
    </>
  );
}
