import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { Flex, Grid, Layout } from "antd";
import { CopyrightFooter } from "../common/Footer";
import { AppHeader } from "./AppHeader";
import { AppSider } from "./AppSider";
import { LayoutStateProvider } from "./LayoutContext";
import { PreferencesSync } from "./PreferencesSync";

function AppFooter() {
  return (
    <Flex component="footer" justify="center" style={{ padding: 16 }}>
      <CopyrightFooter />
    </Flex>
  );
}

const MAIN_CONTENT = "main-content";

/** First in the tab order: past the menu and the header to the page itself. */
function SkipToContent() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT}`}
      onClick={(event) => {
        // Focus the page without putting a hash in the address the router owns.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT)?.focus();
      }}
    >
      {t("header.skipToContent")}
    </a>
  );
}

/**
 * The signed-in shell: menu of what the user may open, header controls (saved with the account), the routed page.
 * Laid out as Refine's ThemedLayout lays it out (its padding, narrower on a phone), without the library's
 * own sider and header that layout would bring into every page's code.
 */
export function AppLayout() {
  const breakpoint = Grid.useBreakpoint();
  const wide = breakpoint.sm ?? true;
  return (
    <PreferencesSync>
      <SkipToContent />
      <LayoutStateProvider>
        <Layout style={{ minHeight: "100vh" }} hasSider>
          <AppSider />
          <Layout>
            <AppHeader />
            <Layout.Content>
              <div style={{ minHeight: 360, padding: wide ? 24 : 12 }}>
                <div id={MAIN_CONTENT} tabIndex={-1} style={{ outline: "none" }}>
                  <Outlet />
                </div>
              </div>
            </Layout.Content>
            <AppFooter />
          </Layout>
        </Layout>
      </LayoutStateProvider>
    </PreferencesSync>
  );
}
