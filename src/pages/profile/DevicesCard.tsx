import { DesktopOutlined, MobileOutlined, TabletOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Button, Card, List, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { SessionRecord } from "../../../contracts/auth";
import { meApi } from "../../api/me";
import { StateTag } from "../../components/common/StateTag";
import { failureMessage } from "../../components/form";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { ItemMeta } from "../../components/common/ItemMeta";

const ICONS = { desktop: DesktopOutlined, mobile: MobileOutlined, tablet: TabletOutlined, other: DesktopOutlined } as const;

/** "Chrome 131 on Windows 10", or what is known of it. */
function deviceName(session: SessionRecord, unknown: string): string {
  return [session.browser, session.os].filter(Boolean).join(" · ") || unknown;
}

/** The profile's list of one's signed-in devices: each signed out from here, or every other one at once. */
export function DevicesCard() {
  const { t } = useTranslation();
  const { result, query } = useCustom<{ data: SessionRecord[] }>({ url: meApi.sessionsPath, method: "get" });
  const sessions = result.data?.data ?? [];
  const others = sessions.filter((session) => !session.current);
  const act = async (work: () => Promise<{ message: string }>) => {
    try {
      toast("success", (await work()).message);
    } catch (failure) {
      toast("error", failureMessage(failure));
    }
    await query.refetch();
  };
  return (
    <Card
      title={t("sessions.title")}
      style={{ marginTop: 16 }}
      extra={
        others.length > 0 && (
          <ConfirmAction title={t("sessions.signOutOthersConfirm")} okText={t("sessions.signOut")} danger onConfirm={() => act(meApi.endOtherSessions)}>
            <Button danger size="small">
              {t("sessions.signOutOthers")}
            </Button>
          </ConfirmAction>
        )
      }
    >
      <List
        loading={query.isLoading}
        dataSource={sessions}
        rowKey="id"
        footer={!query.isLoading && others.length === 0 ? <Typography.Text type="secondary">{t("sessions.onlyThis")}</Typography.Text> : undefined}
        renderItem={(session) => {
          const Icon = ICONS[session.device];
          const name = deviceName(session, t("sessions.unknownDevice"));
          return (
            <List.Item
              actions={
                session.current
                  ? []
                  : [
                      <ConfirmAction key="end" title={t("sessions.signOutConfirm", { device: name })} okText={t("sessions.signOut")} danger onConfirm={() => act(() => meApi.endSession(session.id))}>
                        <Button size="small" aria-label={t("sessions.signOutNamed", { device: name })}>
                          {t("sessions.signOut")}
                        </Button>
                      </ConfirmAction>,
                    ]
              }
            >
              <ItemMeta
                avatar={<Icon aria-hidden style={{ fontSize: 20 }} />}
                title={
                  <>
                    {name} {session.current && <StateTag tone="good">{t("sessions.thisDevice")}</StateTag>}
                  </>
                }
                description={[t("sessions.lastSeen", { when: formatDateTime(session.last_used_at) }), session.ip && t("sessions.from", { ip: session.ip })].filter(Boolean).join(" · ")}
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
