import { useMemo, useState } from "react";
import { CheckOutlined, DeleteOutlined, InboxOutlined } from "@ant-design/icons";
import { useCustomMutation, useDeleteMany, useInvalidate, type CrudFilter } from "@refinedev/core";
import { Button, Popconfirm } from "antd";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import type { NotificationRecord, NotificationStatus } from "../../../contracts/notifications";
import { usePolicy, useResourceAccess } from "../../auth/usePolicy";
import { errorNotification, writeNotifications } from "../../components/form";
import { ListPage, ListViews, type BulkSelection, type ListColumn } from "../../components/list";
import { refreshNotifications, STATUS_CHOICES, statusOf, TYPE_CHOICES } from "../../components/notifications";
import { pagePath } from "../../resources";
import { BroadcastButton } from "./BroadcastDialog";
import { StatusTag, TypeLabel } from "./labels";

type Row = NotificationRecord & { [key: string]: unknown };

const COLUMNS: ListColumn<Row>[] = [
  {
    field: "title",
    titleKey: "notificationsUi.fields.title",
    kind: "text",
    sortable: false,
    filterable: false,
    // Unread ones stand out: bold, as in a mail inbox.
    render: (row) => <span style={{ fontWeight: row.read_at ? undefined : 600 }}>{row.title}</span>,
  },
  { field: "type", titleKey: "notificationsUi.fields.type", kind: "choice", choices: TYPE_CHOICES, render: (row) => <TypeLabel type={row.type} /> },
  {
    field: "status",
    titleKey: "notificationsUi.fields.status",
    kind: "choice",
    choices: STATUS_CHOICES,
    sortable: false,
    filterable: false,
    phone: true,
    render: (row) => <StatusTag notification={row} />,
    exportValue: (row) => i18next.t(`notificationsUi.statuses.${statusOf(row)}`),
  },
  {
    field: "sender",
    titleKey: "notificationsUi.fields.sender",
    kind: "text",
    sortable: false,
    filterable: false,
    render: (row) => row.sender?.name ?? <SystemSender />,
    exportValue: (row) => row.sender?.name ?? i18next.t("notificationsUi.systemSender"),
  },
  { field: "created_at", titleKey: "notificationsUi.fields.created_at", kind: "date", withTime: true },
];

function SystemSender() {
  const { t } = useTranslation();
  return <>{t("notificationsUi.systemSender")}</>;
}

const recordPath = (row: Row) => pagePath("notifications", "show", row.id);

/** The server's message ("3 notifications marked as read.") in the success toast of a custom call. */
const customSuccess = (response: unknown) => {
  const message = (response as { data?: { message?: unknown } } | undefined)?.data?.message;
  return { type: "success" as const, message: typeof message === "string" && message ? message : i18next.t("toast.done") };
};

function BulkActions({ selection, status }: { selection: BulkSelection; status: NotificationStatus | "all" }) {
  const { t } = useTranslation();
  const allowed = useResourceAccess();
  const may = usePolicy();
  const invalidate = useInvalidate();
  const { mutate: post, mutation } = useCustomMutation();
  const { mutate: remove, mutation: removal } = useDeleteMany();
  const [busy, setBusy] = useState<"read" | "archive" | null>(null);
  const ids = selection.ids.map(Number);

  const done = () => {
    selection.clear();
    void invalidate({ resource: "notifications", invalidates: ["list"] });
    void refreshNotifications();
  };
  const change = (action: "read" | "archive") => {
    setBusy(action);
    post(
      {
        url: action === "read" ? "/notifications/mark-as-read" : "/notifications/archive",
        method: "post",
        values: { ids },
        successNotification: customSuccess,
        errorNotification,
      },
      { onSuccess: done, onSettled: () => setBusy(null) },
    );
  };

  return (
    <>
      {may("notifications.update") && (
        <Button size="small" icon={<CheckOutlined />} loading={mutation.isPending && busy === "read"} onClick={() => change("read")}>
          {t("notificationsUi.bulk.markRead")}
        </Button>
      )}
      {may("notifications.update") && status !== "archived" && (
        <Button size="small" icon={<InboxOutlined />} loading={mutation.isPending && busy === "archive"} onClick={() => change("archive")}>
          {t("notificationsUi.bulk.archive")}
        </Button>
      )}
      {allowed("notifications", "delete") && (
        <Popconfirm
          title={t("notificationsUi.bulk.deleteConfirm", { count: ids.length })}
          okText={t("common.delete")}
          cancelText={t("common.cancel")}
          onConfirm={() => remove({ resource: "notifications", ids, ...writeNotifications }, { onSuccess: done })}
        >
          <Button size="small" danger icon={<DeleteOutlined />} loading={removal.isPending}>
            {t("notificationsUi.bulk.delete")}
          </Button>
        </Popconfirm>
      )}
    </>
  );
}

type StatusChoice = NotificationStatus | "all";

/** /notifications: one's own, newest first, by status and type; read, archive or delete several at once; managers broadcast from here. */
export default function NotificationListPage() {
  const { t } = useTranslation();
  const may = usePolicy();
  const [status, setStatus] = useState<StatusChoice>("all");
  const permanentFilters = useMemo<CrudFilter[]>(() => (status === "all" ? [] : [{ field: "status", operator: "eq", value: status }]), [status]);

  return (
    <ListPage<Row>
      // A new status is a new list: its filters, selection and export start from it.
      key={status}
      resource="notifications"
      titleKey="notificationsUi.list.title"
      columns={COLUMNS}
      searchable={false}
      initialSorters={[{ field: "created_at", order: "desc" }]}
      permanentFilters={permanentFilters}
      recordPath={recordPath}
      toolbar={
        <ListViews
          name="notification-status"
          label={t("notificationsUi.list.show")}
          value={status}
          onChange={setStatus}
          options={(["all", "unread", "read", "archived"] as const).map((value) => ({ value, label: t(`notificationsUi.list.statuses.${value}`) }))}
        />
      }
      createButton={may("notifications.broadcast") && <BroadcastButton />}
      bulkActions={(selection) => <BulkActions selection={selection} status={status} />}
    />
  );
}
