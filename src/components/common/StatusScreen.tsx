import type { ReactNode } from "react";
import { Flex, Layout, Result, theme } from "antd";
import type { ResultStatusType } from "antd/es/result";

/** A whole-page message (restricted, not found, connection lost) with its way out. */
export function StatusScreen({ status, title, text, actions }: { status: ResultStatusType; title: string; text: string; actions: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: "100vh", background: token.colorBgLayout }}>
      <Flex flex={1} align="center" justify="center">
        <Result status={status} title={title} subTitle={text} extra={actions} />
      </Flex>
    </Layout>
  );
}
