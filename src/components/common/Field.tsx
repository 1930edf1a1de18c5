import type { ReactNode } from "react";
import { theme } from "antd";

/**
 * A labelled control with its error below, laid out like antd's form items,
 * for the sign-in form that stays off antd Form to keep its page light.
 */
export function Field({ id, label, error, children }: { id: string; label: string; error?: string | null; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 8 : 24 }}>
      <label htmlFor={id} style={{ display: "block", paddingBottom: 8, color: token.colorTextHeading, fontSize: token.fontSize }}>
        {label}
      </label>
      {children}
      <div id={`${id}-error`} role={error ? "alert" : undefined} style={{ minHeight: error ? 24 : 0, color: token.colorError, fontSize: token.fontSize }}>
        {error}
      </div>
    </div>
  );
}
