import { Flex, Spin } from "antd";

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: "60vh" }} data-testid="page-loading">
      <Spin size="large" tip={label}>
        <div style={{ padding: 32 }} />
      </Spin>
    </Flex>
  );
}
