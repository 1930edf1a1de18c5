import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { BellOutlined } from "@ant-design/icons";
import { Badge, Button, Divider, Empty, Flex, Popover, Spin, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { NotificationRecord } from "../../../contracts/notifications";
import { notificationsApi } from "../../api/notifications";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { VISUALLY_HIDDEN } from "../common/visuallyHidden";
import { pagePath } from "../../resources";
import { loadRecent, markedAllRead, refreshNotifications, useBellState } from "./store";

function RecentItem({ item, onOpen }: { item: NotificationRecord; onOpen: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const unread = !item.read_at;
  return (
    <li>
      <Link
        to={pagePath("notifications", "show", item.id)}
        onClick={onOpen}
        data-testid="bell-item"
        style={{ display: "flex", gap: 8, padding: "8px 4px", borderRadius: token.borderRadiusSM, color: token.colorText }}
      >
        <span
          aria-hidden
          style={{ flex: "none", width: 8, height: 8, marginTop: 7, borderRadius: "50%", background: unread ? token.colorPrimary : "transparent" }}
        />
        <span style={{ minWidth: 0, flex: 1 }}>
          {unread && <span style={VISUALLY_HIDDEN}>{t("notificationsUi.bell.unread")}: </span>}
          <Typography.Text strong={unread} style={{ display: "block" }} ellipsis>
            {item.title}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: "block" }} ellipsis>
            {item.message}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {formatDateTime(item.created_at)}
          </Typography.Text>
        </span>
      </Link>
    </li>
  );
}

function BellPanel({ close, focusPanel }: { close: (returnFocus: boolean) => void; focusPanel: () => void }) {
  const { t } = useTranslation();
  const { count, recent, failed } = useBellState();
  const [marking, setMarking] = useState(false);

  const markAll = async () => {
    setMarking(true);
    try {
      const reply = await notificationsApi.markAllRead();
      markedAllRead(new Date().toISOString());
      toast("success", reply.message ?? t("toast.done"));
      await refreshNotifications();
    } catch (failure) {
      toast("error", failure instanceof Error ? failure.message : t("errors.other"));
    } finally {
      setMarking(false);
      // The button is disabled now: the keyboard stays in the panel.
      focusPanel();
    }
  };

  let body;
  if (failed && !recent) body = <Typography.Text type="danger">{t("notificationsUi.bell.loadFailed")}</Typography.Text>;
  else if (!recent)
    body = (
      <Flex justify="center" style={{ padding: 16 }}>
        <Spin />
      </Flex>
    );
  else if (recent.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("notificationsUi.bell.empty")} />;
  else
    body = (
      <ul style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: "min(420px, 60vh)", overflowY: "auto" }} data-testid="bell-list">
        {recent.map((item) => (
          <RecentItem key={item.id} item={item} onOpen={() => close(false)} />
        ))}
      </ul>
    );

  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{t("notificationsUi.bell.title")}</Typography.Text>
        <Button size="small" type="link" onClick={markAll} loading={marking} disabled={!count}>
          {t("notificationsUi.bell.markAllRead")}
        </Button>
      </Flex>
      <Divider style={{ margin: "8px 0" }} />
      {body}
      <Divider style={{ margin: "8px 0" }} />
      <Link to={pagePath("notifications", "list")} onClick={() => close(false)}>
        {t("notificationsUi.bell.seeAll")}
      </Link>
    </>
  );
}

/**
 * The header's bell: the unread count (its name says it: "Notifications, 3
 * unread") and, opened, the recent ones, "Mark all as read" and "See all".
 * The panel takes the focus when it opens; Escape closes it and gives the
 * focus back to the bell.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { count } = useBellState();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const focusPanel = () => panelRef.current?.focus();

  useEffect(() => {
    if (!open) return;
    void loadRecent();
    // The panel is rendered in a portal at the end of the page: the keyboard is taken there.
    const timer = setTimeout(focusPanel, 0);
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const onPanelKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close(true);
    }
  };

  const label = count ? t("notificationsUi.bell.label", { count }) : t("notificationsUi.bell.labelNone");
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      // On a phone the bell is not at the screen's edge: the panel slides left or right to stay on screen.
      align={{ overflow: { adjustY: true, shiftX: true } }}
      arrow={false}
      destroyOnHidden
      content={
        <div
          ref={panelRef}
          role="dialog"
          aria-label={t("notificationsUi.bell.title")}
          tabIndex={-1}
          onKeyDown={onPanelKey}
          data-testid="bell-panel"
          style={{ width: "min(360px, calc(100vw - 40px))", outline: "none" }}
        >
          <BellPanel close={close} focusPanel={focusPanel} />
        </div>
      }
    >
      <Button
        ref={buttonRef}
        type="text"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
        style={{ height: "auto", padding: "4px 8px" }}
      >
        <Badge count={count ?? 0} overflowCount={99} size="small">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
