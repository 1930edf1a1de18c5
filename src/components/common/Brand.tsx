import { WalletOutlined } from "@ant-design/icons";
import { theme } from "antd";

/** The product mark: used by the sign-in screens and the sider title. */
export function BrandMark({ size = 32 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <span
      aria-hidden
      style={{
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        width: size,
        height: size,
        borderRadius: token.borderRadius,
        background: token.colorPrimary,
        color: token.colorWhite,
        fontSize: size * 0.55,
      }}
    >
      <WalletOutlined />
    </span>
  );
}
