import { useTranslation } from "react-i18next";
import { LogoutOutlined } from "@ant-design/icons";
import { useLogout } from "@refinedev/core";
import { Modal } from "antd";
import type { ReactElement } from "react";

/** Signing out asks first, from the desktop user menu and the phone's account panel alike; render `holder` once. */
export function useConfirmSignOut(): { confirmSignOut: () => void; holder: ReactElement } {
  const { t } = useTranslation();
  const { mutate: logout } = useLogout();
  const [modal, holder] = Modal.useModal();
  const confirmSignOut = () =>
    modal.confirm({
      title: t("signOut.confirmTitle"),
      content: t("signOut.confirmText"),
      okText: t("signOut.confirm"),
      cancelText: t("signOut.cancel"),
      icon: <LogoutOutlined />,
      onOk: () => logout(),
    });
  return { confirmSignOut, holder };
}
