import { useEffect, useState } from "react";
import { theme, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { AttendanceRecord } from "../../../contracts/attendance";
import { hms, workedSeconds } from "./time";

/** Time worked today, breaks taken off, ticking each second while a record is open (a timer: not read aloud each second). */
export function WorkedTimer({ records }: { records: AttendanceRecord[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [now, setNow] = useState(() => Date.now());
  const running = records.some((record) => !record.clock_out_at);

  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [running, records]);

  const seconds = records.reduce((sum, record) => sum + workedSeconds(record, now), 0);
  return (
    <div style={{ textAlign: "center" }}>
      <Typography.Text type="secondary" id="worked-today-label">
        {t("attendanceUi.clock.workedToday")}
      </Typography.Text>
      <div
        role="timer"
        aria-labelledby="worked-today-label"
        data-testid="worked-timer"
        style={{ fontSize: 44, lineHeight: 1.2, fontWeight: 600, fontVariantNumeric: "tabular-nums", color: token.colorText }}
      >
        {hms(seconds)}
      </div>
    </div>
  );
}
