import { Form, Switch, Table } from "antd";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_TYPES, type NotificationType } from "../../../contracts/notification-types";

const CHANNELS = ["in_app", "email"] as const;

/**
 * Which notifications go where: a row per kind of event, a switch per channel
 * (in the app, by e-mail), each a form field at `[...prefix, type, channel]`.
 */
export function DeliveryTable({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  return (
    <Table<{ type: NotificationType }>
      rowKey="type"
      size="small"
      pagination={false}
      dataSource={NOTIFICATION_TYPES.map((type) => ({ type }))}
      columns={[
        { key: "type", title: t("settings.notifications.event"), render: (_, { type }) => t(`settings.notificationTypes.${type}`) },
        ...CHANNELS.map((channel) => ({
          key: channel,
          title: t(`settings.notifications.${channel}`),
          align: "center" as const,
          render: (_: unknown, { type }: { type: NotificationType }) => (
            <Form.Item name={[prefix, type, channel]} valuePropName="checked" noStyle>
              <Switch aria-label={t(`settings.notifications.switchLabel`, { event: t(`settings.notificationTypes.${type}`), channel: t(`settings.notifications.${channel}`) })} />
            </Form.Item>
          ),
        })),
      ]}
      // On a phone the table scrolls within itself rather than the page sideways.
      scroll={{ x: "max-content" }}
      style={{ marginBottom: 24 }}
    />
  );
}
