import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { MenuFoldOutlined, MenuUnfoldOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { useMenu, type TreeMenuItem } from "@refinedev/core";
import { Button, Drawer, Grid, Layout, Menu, theme, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useResourceAccess } from "../../auth/usePolicy";
import { VISUALLY_HIDDEN } from "../common/visuallyHidden";
import { AppTitle } from "./AppHeader";
import { useLayoutState } from "./LayoutContext";

const HEADER_HEIGHT = 64;
const WIDTH = 220;
const COLLAPSED_WIDTH = 80;
const MENU_LABEL_ID = "app-menu-label";

type MenuItem = Required<MenuProps>["items"][number];

const labelOf = (item: TreeMenuItem): string => String(item.label ?? item.meta?.label ?? item.name);

/** The menu tree as antd items: the pages the reader may open, groups holding at least one. */
function useMenuItems(): { items: MenuItem[]; selectedKey: string | undefined; groupOf: (key: string | undefined) => string | undefined } {
  const { menuItems, selectedKey } = useMenu();
  const allowed = useResourceAccess();
  return useMemo(() => {
    const page = (item: TreeMenuItem): MenuItem => ({
      key: item.key,
      icon: (item.meta?.icon as ReactNode) ?? <UnorderedListOutlined />,
      label: <Link to={item.list ?? "/"}>{labelOf(item)}</Link>,
    });
    const groups = new Map<string, string>();
    const items = menuItems.flatMap((item): MenuItem[] => {
      if (item.children.length === 0) return allowed(item.name, "list") ? [page(item)] : [];
      const children = item.children.filter((child) => allowed(child.name, "list"));
      for (const child of children) groups.set(child.key, item.key);
      return children.length === 0 ? [] : [{ key: item.key, icon: (item.meta?.icon as ReactNode) ?? <UnorderedListOutlined />, label: labelOf(item), children: children.map(page) }];
    });
    return { items, selectedKey, groupOf: (key) => (key === undefined ? undefined : groups.get(key)) };
  }, [menuItems, selectedKey, allowed]);
}

/**
 * The menu itself: only the current page's group opens by itself (the others
 * start folded, so two dozen entries fit a screen), and the current entry is
 * scrolled into view whenever the page changes.
 */
function AppMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { items, selectedKey, groupOf } = useMenuItems();
  const current = groupOf(selectedKey);
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [current] : []);
  const holder = useRef<HTMLDivElement>(null);

  // Moving to a page of another group opens that group too.
  useEffect(() => {
    if (current) setOpenKeys((keys) => (keys.includes(current) ? keys : [...keys, current]));
  }, [current]);

  useEffect(() => {
    holder.current?.querySelector(".ant-menu-item-selected")?.scrollIntoView({ block: "nearest" });
  }, [selectedKey, collapsed]);

  return (
    <div ref={holder} style={{ flex: 1, minHeight: 0, overflowY: "auto", overflowX: "hidden" }}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selectedKey ? [selectedKey] : []}
        // Collapsed, the groups fly out on hover: no group is held open.
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        inlineCollapsed={collapsed}
        onClick={onNavigate}
        style={{ border: "none", paddingTop: 8 }}
      />
    </div>
  );
}

/**
 * The signed-in menu (Refine's ThemedLayout's Sider): on a wide screen a
 * column as tall as the window whose own list scrolls, with the fold button
 * below the list (never over an entry); below antd's `lg` a drawer the
 * header's button opens. Both are a named navigation landmark.
 */
export function AppSider() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen } = useLayoutState();
  const compact = Grid.useBreakpoint().lg === false;
  const title = (collapsed: boolean) => (
    <div style={{ height: HEADER_HEIGHT, flex: "none", display: "flex", alignItems: "center", justifyContent: collapsed ? "center" : "flex-start", padding: collapsed ? 0 : "0 16px", background: token.colorBgElevated }}>
      <AppTitle collapsed={collapsed} />
    </div>
  );

  if (compact) {
    return (
      <Drawer
        open={mobileSiderOpen}
        onClose={() => setMobileSiderOpen(false)}
        placement="left"
        width={WIDTH + 40}
        closable={false}
        aria-labelledby={MENU_LABEL_ID}
        styles={{ body: { padding: 0, display: "flex", flexDirection: "column" } }}
      >
        <span id={MENU_LABEL_ID} style={VISUALLY_HIDDEN}>
          {t("header.mainMenu")}
        </span>
        {title(false)}
        <nav aria-labelledby={MENU_LABEL_ID} style={{ display: "flex", flexDirection: "column", flex: 1, minHeight: 0 }}>
          <AppMenu collapsed={false} onNavigate={() => setMobileSiderOpen(false)} />
        </nav>
      </Drawer>
    );
  }

  return (
    <Layout.Sider
      width={WIDTH}
      collapsedWidth={COLLAPSED_WIDTH}
      collapsed={siderCollapsed}
      trigger={null}
      style={{ position: "sticky", top: 0, height: "100vh", background: token.colorBgContainer, borderRight: `1px solid ${token.colorBorderSecondary}` }}
    >
      <nav aria-label={t("header.mainMenu")} style={{ display: "flex", flexDirection: "column", height: "100%" }}>
        {title(siderCollapsed)}
        <AppMenu collapsed={siderCollapsed} />
        <Button
          type="text"
          block
          icon={siderCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={t(siderCollapsed ? "header.expandMenu" : "header.collapseMenu")}
          aria-expanded={!siderCollapsed}
          onClick={() => setSiderCollapsed(!siderCollapsed)}
          style={{ flex: "none", height: 48, borderRadius: 0, borderTop: `1px solid ${token.colorBorderSecondary}` }}
        />
      </nav>
    </Layout.Sider>
  );
}
