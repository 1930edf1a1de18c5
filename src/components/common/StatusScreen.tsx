import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { Flex, Layout, Result, theme } from "antd";
import type { ResultStatusType } from "antd/es/result";
import { ShellHeader } from "../layout/ShellHeader";
import { LinkButton } from "./LinkButton";
import { ResultTitle } from "./Text";
import { useDocumentTitle } from "./useDocumentTitle";

/** A whole-page message (restricted, not found, connection lost) with its way out, under the brand and the language and theme controls. */
export function StatusScreen({ status, title, text, actions }: { status: ResultStatusType; title: string; text: string; actions: ReactNode }) {
  const { token } = theme.useToken();
  useDocumentTitle(title);
  return (
    <Layout style={{ minHeight: "100vh", background: token.colorBgLayout }}>
      <ShellHeader />
      <Flex component="main" flex={1} align="center" justify="center">
        <Result status={status} title={<ResultTitle>{title}</ResultTitle>} subTitle={text} extra={actions} />
      </Flex>
    </Layout>
  );
}

/** A status screen whose way out is the home page: messages under `<section>.title|text|home`. */
export function HomeStatusScreen({ status, section }: { status: ResultStatusType; section: "unauthorized" | "notFound" }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      status={status}
      title={t(`${section}.title`)}
      text={t(`${section}.text`)}
      actions={
        <LinkButton to="/" type="primary">
          {t(`${section}.home`)}
        </LinkButton>
      }
    />
  );
}
