import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { ThemedLayout } from "@refinedev/antd";
import { Flex } from "antd";
import { CopyrightFooter } from "../common/Footer";
import { AppHeader } from "./AppHeader";
import { AppSider } from "./AppSider";
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

/** The signed-in shell: menu of what the user may open, header controls (saved with the account), the routed page. */
export function AppLayout() {
  return (
    <PreferencesSync>
      <SkipToContent />
      <ThemedLayout
        Header={AppHeader}
        Footer={AppFooter}
        // Signing out lives in the user menu, behind a confirmation; the header's button opens the menu on a phone.
        Sider={AppSider}
      >
        <div id={MAIN_CONTENT} tabIndex={-1} style={{ outline: "none" }}>
          <Outlet />
        </div>
      </ThemedLayout>
    </PreferencesSync>
  );
}
