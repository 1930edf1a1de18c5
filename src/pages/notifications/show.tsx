import { useEffect } from "react";
import { ArrowLeftOutlined, DeleteOutlined, ExportOutlined, InboxOutlined } from "@ant-design/icons";
import { useCustomMutation, useDelete, useOne, useParsed } from "@refinedev/core";
import { Button, Card, Descriptions, Flex, Popconfirm, Space, Typography } from "antd";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { NotificationRecord } from "../../../contracts/notifications";
import { usePolicy, useResourceAccess } from "../../auth/usePolicy";
import { FullPageSpinner } from "../../components/common/FullPageSpinner";
import { LinkButton } from "../../components/common/LinkButton";
import { errorNotification, writeNotifications } from "../../components/form";
import { refreshNotifications } from "../../components/notifications";
import { formatDateTime } from "../../lib/dates";
import { pagePath } from "../../resources";
import { StatusTag, TypeLabel } from "./labels";
import { PageTitle } from "../../components/common/PageTitle";
import { RecordNotFound } from "../../components/common/RecordNotFound";

/** Only a page of this app is followed: the contract allows nothing else, and the page does not trust it blindly. */
const isAppPath = (link: string | null): link is string => typeof link === "string" && /^\/(?![/\\])/.test(link);

/** /notifications/:id: the whole notification; opening it (the GET) marks it read, and the bell's count follows. */
export default function NotificationShowPage() {
  const { t } = useTranslation();
  const { id } = useParsed();
  const navigate = useNavigate();
  const allowed = useResourceAccess();
  const may = usePolicy();
  // Not one's own (404) is final, as every read's is (the app's query defaults).
  const { result, query } = useOne<NotificationRecord>({ resource: "notifications", id, queryOptions: { enabled: id !== undefined }, errorNotification: false });
  const { mutate: archive, mutation: archiving } = useCustomMutation<{ message?: string }>();
  const { mutate: remove, mutation: removal } = useDelete();
  const loaded = result?.id;

  // The server marked it read as it answered: the badge and the lists catch up.
  useEffect(() => {
    if (loaded !== undefined) void refreshNotifications();
  }, [loaded]);

  if (query.isLoading) return <FullPageSpinner />;
  if (!result) return <RecordNotFound message={t("notificationsUi.show.notFound")} back={{ to: pagePath("notifications", "list"), label: t("notificationsUi.show.back") }} />;
  const toList = () => {
    void refreshNotifications();
    navigate(pagePath("notifications", "list"));
  };

  return (
    <>
      <LinkButton to={pagePath("notifications", "list")} type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0, marginBottom: 8 }}>
        {t("notificationsUi.show.back")}
      </LinkButton>
      <Card>
        <Flex justify="space-between" align="start" gap={12} wrap style={{ marginBottom: 16 }}>
          <div style={{ minWidth: 0 }}>
            <PageTitle style={{ margin: 0, overflowWrap: "anywhere" }}>
              {result.title}
            </PageTitle>
            <StatusTag notification={result} />
          </div>
          <Space wrap>
            {may("notifications.update") && !result.archived_at && (
              <Button
                icon={<InboxOutlined />}
                loading={archiving.isPending}
                onClick={() =>
                  archive(
                    {
                      url: "/notifications/archive",
                      method: "post",
                      values: { ids: [result.id] },
                      successNotification: (response) => ({ type: "success", message: (response?.data as { message?: string } | undefined)?.message ?? i18next.t("toast.done") }),
                      errorNotification,
                    },
                    { onSuccess: toList },
                  )
                }
              >
                {t("notificationsUi.show.archive")}
              </Button>
            )}
            {allowed("notifications", "delete") && (
              <Popconfirm
                title={t("notificationsUi.show.deleteConfirm")}
                okText={t("common.delete")}
                cancelText={t("common.cancel")}
                onConfirm={() => remove({ resource: "notifications", id: result.id, ...writeNotifications }, { onSuccess: toList })}
              >
                <Button danger icon={<DeleteOutlined />} loading={removal.isPending}>
                  {t("notificationsUi.show.delete")}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Flex>
        <Typography.Paragraph style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontSize: 15 }}>{result.message}</Typography.Paragraph>
        {isAppPath(result.link) && (
          <LinkButton to={result.link} type="primary" icon={<ExportOutlined />} style={{ marginBottom: 16 }}>
            {t("notificationsUi.show.open")}
          </LinkButton>
        )}
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={t("notificationsUi.fields.sender")}>{result.sender?.name ?? t("notificationsUi.systemSender")}</Descriptions.Item>
          <Descriptions.Item label={t("notificationsUi.fields.created_at")}>{formatDateTime(result.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t("notificationsUi.fields.type")}>
            <TypeLabel type={result.type} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </>
  );
}
