import { Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { UserTwoFactor } from "../../../contracts/users";
import { StateTag } from "../../components/common/StateTag";
import { formatDateTime } from "../../lib/dates";

/** Whether a person has two-factor sign-in on and, where asked, since when (as the reader's language writes it). */
export function TwoFactorState({ state, withDate = true }: { state: UserTwoFactor; withDate?: boolean }) {
  const { t } = useTranslation();
  if (!state.enabled) return <StateTag tone="neutral">{t("twoFactor.off")}</StateTag>;
  return (
    <Space size="small" wrap>
      <StateTag tone="good">{t("twoFactor.on")}</StateTag>
      {withDate && state.enabled_at && (
        <Typography.Text type="secondary">
          <time dateTime={state.enabled_at}>{t("twoFactor.enabledSince", { date: formatDateTime(state.enabled_at) })}</time>
        </Typography.Text>
      )}
    </Space>
  );
}
