import type { ReactNode } from "react";
import { CheckCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { CheckStatus } from "../../../contracts/system-check";
import { StateTag, type StateTone } from "../../components/common/StateTag";

const TONES: Record<CheckStatus, StateTone> = { pass: "good", warn: "warning", fail: "bad" };
const ICONS: Record<CheckStatus, ReactNode> = { pass: <CheckCircleOutlined aria-hidden />, warn: <ExclamationCircleOutlined aria-hidden />, fail: <CloseCircleOutlined aria-hidden /> };

/** Pass, warning or fail: said in words beside its icon and colour, never by colour alone. */
export function CheckStatusTag({ status }: { status: CheckStatus }) {
  const { t } = useTranslation();
  return (
    <StateTag tone={TONES[status]} style={{ marginInlineEnd: 0 }}>
      {ICONS[status]} {t(`systemCheck.statuses.${status}`)}
    </StateTag>
  );
}
