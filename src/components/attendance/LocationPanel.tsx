import { AimOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../i18n/numbers";
import type { LocationCheck } from "../../../contracts/attendance";
import type { Fix } from "./useGeolocation";

export type Check = { status: "none" } | { status: "checking" } | { status: "done"; result: LocationCheck } | { status: "failed"; message: string };

/**
 * Where the person stands: the work location they are at, or how far the
 * nearest is, or why the browser gave no position and what to do about it.
 * Read aloud as it changes.
 */
export function LocationPanel({ fix, check, onLocate, busy }: { fix: Fix; check: Check; onLocate: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const accuracy = fix.status === "found" ? Math.round(fix.position.accuracy) : 0;

  const body = (() => {
    switch (fix.status) {
      case "idle":
        return <Typography.Paragraph style={{ margin: 0 }}>{t("attendanceUi.location.idle")}</Typography.Paragraph>;
      case "locating":
        return (
          <Typography.Paragraph style={{ margin: 0 }}>
            <Spin size="small" /> {t("attendanceUi.location.locating")}
          </Typography.Paragraph>
        );
      case "denied":
      case "unavailable":
      case "timeout":
      case "unsupported":
        return <Alert role="status" type="warning" showIcon message={t(`attendanceUi.location.${fix.status}.title`)} description={t(`attendanceUi.location.${fix.status}.help`)} />;
      case "found":
        if (check.status === "checking" || check.status === "none")
          return (
            <Typography.Paragraph style={{ margin: 0 }}>
              <Spin size="small" /> {t("attendanceUi.location.checking")}
            </Typography.Paragraph>
          );
        if (check.status === "failed") return <Alert role="status" type="error" showIcon message={check.message} />;
        if (check.result.allowed && check.result.location)
          return (
            <Alert role="status"
              type="success"
              showIcon
              message={t("attendanceUi.location.inside", { name: check.result.location.name })}
              description={t("attendanceUi.location.insideDetail", { distance: formatCount(check.result.distance_m ?? 0), accuracy: formatCount(accuracy) })}
            />
          );
        if (check.result.nearest)
          return (
            <Alert role="status"
              type="warning"
              showIcon
              message={t("attendanceUi.location.outside", { name: check.result.nearest.name, distance: formatCount(check.result.nearest.distance_m) })}
              description={t("attendanceUi.location.outsideHelp", { accuracy: formatCount(accuracy) })}
            />
          );
        return <Alert role="status" type="warning" showIcon message={t("attendanceUi.location.noMatch")} description={t("attendanceUi.location.noMatchHelp", { accuracy: formatCount(accuracy) })} />;
    }
  })();

  return (
    <Card
      title={t("attendanceUi.location.title")}
      size="small"
      extra={
        <Button icon={<AimOutlined aria-hidden />} onClick={onLocate} loading={fix.status === "locating"} disabled={busy}>
          {fix.status === "idle" ? t("attendanceUi.location.check") : t("attendanceUi.location.recheck")}
        </Button>
      }
    >
      <div aria-live="polite" data-testid="location-check">
        {body}
      </div>
    </Card>
  );
}
