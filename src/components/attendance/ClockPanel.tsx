import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { CoffeeOutlined, LoginOutlined, LogoutOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ClockState, Position } from "../../../contracts/attendance";
import { attendanceApi } from "../../api/attendance";
import { ApiError } from "../../lib/http";
import { toast } from "../../lib/toast";
import { VISUALLY_HIDDEN } from "../common/visuallyHidden";
import { useCompanyProfile } from "../company/useCompanyProfile";
import { ClockStateTag } from "./ClockStateTag";
import { LocationPanel, type Check } from "./LocationPanel";
import { clockTime } from "./time";
import { useGeolocation } from "./useGeolocation";
import { useMyDay } from "./useMyDay";
import { WorkedTimer } from "./WorkedTimer";

type Action = "clockIn" | "clockOut" | "startBreak" | "endBreak";

/** The big buttons of each state: the first is the one expected next. */
const ACTIONS: Record<ClockState, Action[]> = { out: ["clockIn"], in: ["clockOut", "startBreak"], on_break: ["endBreak", "clockOut"] };
const ICONS: Record<Action, ReactNode> = { clockIn: <LoginOutlined aria-hidden />, clockOut: <LogoutOutlined aria-hidden />, startBreak: <CoffeeOutlined aria-hidden />, endBreak: <CoffeeOutlined aria-hidden /> };

/**
 * The time clock (on /attendance/clock and /user-dashboard): the current
 * state with the buttons it allows, the time worked today ticking, and where
 * the device is against the work locations. Clock-in and clock-out send the
 * position when the browser gives one, and without it when not (the server
 * lets `anywhere` people in and tells the others why not). Its day is
 * useMyDay's, so a page showing the day beside it follows each action.
 */
export function ClockPanel({ title }: { title?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { profile } = useCompanyProfile();
  const zone = profile?.time_zone;
  const { state, open, records, reload } = useMyDay();
  const { fix, locate } = useGeolocation();
  const [check, setCheck] = useState<Check>({ status: "none" });
  const [busy, setBusy] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [said, setSaid] = useState("");

  const checkPosition = useCallback(
    async (position: Position) => {
      setCheck({ status: "checking" });
      try {
        setCheck({ status: "done", result: await attendanceApi.validateLocation(position) });
      } catch (error) {
        setCheck({ status: "failed", message: error instanceof Error ? error.message : t("errors.other") });
      }
    },
    [t],
  );

  // Each position the browser gives is checked against the work locations.
  useEffect(() => {
    if (fix.status === "found") void checkPosition(fix.position);
    else if (fix.status !== "locating") setCheck({ status: "none" });
  }, [fix, checkPosition]);

  /** Whether the last clock action sent a position (its refusal is then shown by the location check). */
  const fixGiven = useRef(false);

  /** Asks the browser where it is; null when it will not say. */
  const currentPosition = async (): Promise<Position | null> => {
    const result = await locate();
    fixGiven.current = result.status === "found";
    return result.status === "found" ? result.position : null;
  };

  const run = async (action: Action) => {
    setBusy(action);
    setFailure(null);
    try {
      const position = action === "clockIn" || action === "clockOut" ? await currentPosition() : null;
      const reply =
        action === "clockIn"
          ? await attendanceApi.clockIn(position)
          : action === "clockOut"
            ? await attendanceApi.clockOut(position)
            : action === "startBreak"
              ? await attendanceApi.startBreak()
              : await attendanceApi.endBreak();
      toast("success", reply.message);
      setSaid(reply.message);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t("errors.other");
      // A refusal of the position the browser gave is the location check's to show (it checks the same
      // position): one message, not an alert beside a panel saying the same.
      const positionRefused = error instanceof ApiError && error.status === 422 && (error.errors.latitude || error.errors.accuracy) && fixGiven.current;
      setFailure(positionRefused ? null : message);
      setSaid("");
      // A 409 says the state changed elsewhere (another device, a retry): show it as it is now.
      if (!(error instanceof ApiError && error.status === 409)) return;
    } finally {
      await reload();
      setBusy(null);
    }
  };

  // The check already says no (outside, imprecise, nowhere to clock in): clock-in waits for a new position.
  const blocked = state === "out" && check.status === "done" && !check.result.allowed ? check.result.reason : null;

  const since = state === "on_break" ? open?.breaks.find((pause) => !pause.ended_at)?.started_at : open?.clock_in_at;

  return (
    <Flex vertical gap={16}>
      <Card title={title}>
        <Flex vertical gap={16}>
          <div aria-live="polite" aria-atomic="true" data-testid="clock-state" style={{ textAlign: "center" }}>
            {state ? (
              <>
                <ClockStateTag state={state} style={{ fontSize: 16, padding: "4px 12px", marginInlineEnd: 0 }} />
                {since && (
                  <Typography.Paragraph type="secondary" style={{ margin: "8px 0 0" }}>
                    {t(state === "on_break" ? "attendanceUi.clock.breakSince" : "attendanceUi.clock.inSince", { time: clockTime(since, zone, i18n.language) })}
                  </Typography.Paragraph>
                )}
                {said && <span style={VISUALLY_HIDDEN}>{said}</span>}
              </>
            ) : (
              <Typography.Text type="secondary">{t("attendanceUi.clock.loading")}</Typography.Text>
            )}
          </div>

          <WorkedTimer records={records} />

          {failure && <Alert type="error" showIcon role="alert" message={failure} data-testid="clock-failure" />}

          {state && (
            <Flex vertical gap={12}>
              {ACTIONS[state].map((action, index) => (
                <Button
                  key={action}
                  type={index === 0 ? "primary" : "default"}
                  danger={action === "clockOut" && index === 0}
                  size="large"
                  block
                  icon={ICONS[action]}
                  loading={busy === action}
                  disabled={(busy !== null && busy !== action) || (action === "clockIn" && blocked !== null)}
                  aria-describedby={action === "clockIn" && blocked ? "clock-blocked" : undefined}
                  onClick={() => void run(action)}
                  style={{ height: 64, fontSize: 20 }}
                >
                  {t(`attendanceUi.actions.${action}`)}
                </Button>
              ))}
              {blocked && (
                <Typography.Text id="clock-blocked" type="secondary" style={{ textAlign: "center" }}>
                  {t(`attendanceUi.clock.blocked.${blocked}`)}
                </Typography.Text>
              )}
            </Flex>
          )}
        </Flex>
      </Card>

      <LocationPanel fix={fix} check={check} busy={busy !== null} onLocate={() => void locate()} />
    </Flex>
  );
}
