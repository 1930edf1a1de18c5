import { useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { DownOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useGo } from "@refinedev/core";
import { Avatar, Button, Dropdown, Space, Typography } from "antd";
import { useAuthState } from "../../auth/store";
import { ROUTES } from "../../routing/guards";
import { useConfirmSignOut } from "./useConfirmSignOut";

/** The open menu's first item takes the focus as soon as the menu is there (a busy page may take frames), without scrolling. */
function focusFirstItem(popup: { current: HTMLElement | null }, framesLeft = 30): void {
  requestAnimationFrame(() => {
    const item = popup.current?.querySelector<HTMLElement>('[role="menuitem"]');
    if (item) item.focus({ preventScroll: true });
    else if (framesLeft > 0) focusFirstItem(popup, framesLeft - 1);
  });
}

/** Profile and sign-out; signing out asks first. */
export function UserMenu() {
  const { t } = useTranslation();
  // The store, not Refine's cached identity: a new name or picture shows at once.
  const { me } = useAuthState();
  const go = useGo();
  const { confirmSignOut, holder } = useConfirmSignOut();
  const openedByKeyboard = useRef(false);
  const popup = useRef<HTMLElement | null>(null);

  return (
    <>
      {holder}
      <Dropdown
        trigger={["click"]}
        // Opened from the keyboard, the menu takes the focus, so the arrows move through it. Not antd's autoFocus:
        // it focuses a few frames after opening, before a busy page has put the menu in its place, and the focus
        // scrolls the page under a click that was on its way to an item.
        onOpenChange={(open) => {
          if (open && openedByKeyboard.current) focusFirstItem(popup);
        }}
        popupRender={(menu) => (
          <div
            ref={(element) => {
              popup.current = element;
            }}
          >
            {menu}
          </div>
        )}
        menu={{
          items: [
            { key: "profile", icon: <UserOutlined />, label: t("header.profile"), onClick: () => go({ to: ROUTES.profile }) },
            { type: "divider" },
            { key: "sign-out", icon: <LogoutOutlined />, label: t("header.signOut"), danger: true, onClick: confirmSignOut },
          ],
        }}
      >
        <Button
          type="text"
          aria-label={t("header.userMenu", { name: me?.name ?? "" })}
          data-testid="user-menu"
          style={{ height: "auto", padding: "4px 8px" }}
          onPointerDown={() => void (openedByKeyboard.current = false)}
          onKeyDown={(event: KeyboardEvent) => void (openedByKeyboard.current = event.key === "Enter" || event.key === " ")}
        >
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
