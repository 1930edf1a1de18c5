import { AimOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatCount } from "../../i18n/numbers";
import type { LocationCheck } from "../../../contracts/attendance";
import type { Fix } from "./useGeolocation";

export type Check = { status: "none" } | { status: "checking" } | { status: "done"; result: LocationCheck } | { status: "failed"; message: string };

/** What the server's position check said, with what to do about it. */
function CheckResult({ result }: { result: LocationCheck }) {
  const { t } = useTranslation();
  const accuracy = formatCount(result.accuracy_m);
  switch (result.reason) {
    case "inside":
      return (
        <Alert
          role="status"
          type="success"
          showIcon
          message={t("attendanceUi.location.inside", { name: result.location?.name })}
          description={t("attendanceUi.location.insideDetail", { distance: formatCount(result.distance_m ?? 0), accuracy })}
        />
      );
    case "anywhere":
      return (
        <Alert
          role="status"
          type="info"
          showIcon
          message={t("attendanceUi.location.anywhere")}
          description={result.nearest ? t("attendanceUi.location.anywhereNearest", { name: result.nearest.name, distance: formatCount(result.nearest.distance_m) }) : undefined}
        />
      );
    case "imprecise":
      return <Alert role="status" type="warning" showIcon message={t("attendance.tooImprecise", { accuracy: result.accuracy_m, max: result.max_accuracy_m })} />;
    case "no_locations":
      return <Alert role="status" type="warning" showIcon message={t("attendance.noLocations")} />;
    case "outside":
      return (
        <Alert
          role="status"
          type="warning"
          showIcon
          message={t("attendanceUi.location.outside", { name: result.nearest?.name, distance: formatCount(result.nearest?.distance_m ?? 0) })}
          description={t("attendanceUi.location.outsideHelp", { accuracy, radius: formatCount(result.nearest?.radius_m ?? 0) })}
        />
      );
  }
}

/**
 * Where the person stands: the work location they are at, or how far the
 * nearest is, or why the browser gave no position and what to do about it.
 * Read aloud as it changes.
 */
export function LocationPanel({ fix, check, onLocate, busy }: { fix: Fix; check: Check; onLocate: () => void; busy: boolean }) {
  const { t } = useTranslation();

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
        return <CheckResult result={check.result} />;
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
