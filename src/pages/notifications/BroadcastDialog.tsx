import { useState } from "react";
import { SendOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Alert, Button, Form, Input, Modal, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { BROADCAST_TEXT, broadcastBody, type BroadcastAudience, type BroadcastBody } from "../../../contracts/notifications";
import type { UserRecord } from "../../../contracts/users";
import { usePolicy } from "../../auth/usePolicy";
import { useFormSubmit, zodRules } from "../../components/form";
import { refreshNotifications } from "../../components/notifications";
import { toast } from "../../lib/toast";

const RULES = zodRules(broadcastBody.shape);

type AudienceType = BroadcastAudience["type"];

interface Values {
  title: string;
  message: string;
  link?: string;
  audience: { type: AudienceType; role_id?: number; department?: string; user_ids?: number[] };
}

/** The form's values as the API takes them: the chosen audience's own field only, no empty link. */
export function broadcastOf(values: Values): BroadcastBody {
  const { type, role_id, department, user_ids } = values.audience;
  const audience = (
    type === "role" ? { type, role_id } : type === "department" ? { type, department } : type === "users" ? { type, user_ids } : { type }
  ) as BroadcastAudience;
  const link = values.link?.trim();
  return { title: values.title, message: values.message, ...(link ? { link } : {}), audience };
}

function RolePicker({ label }: { label: string }) {
  const { t } = useTranslation();
  const { result, query } = useCustom<{ data: { id: number; name: string }[] }>({ url: "/roles/options", method: "get" });
  return (
    <Form.Item name={["audience", "role_id"]} label={label} rules={[{ required: true, message: t("validation.required") }]}>
      <Select loading={query.isLoading} options={(result.data?.data ?? []).map((role) => ({ value: role.id, label: role.name }))} showSearch optionFilterProp="label" />
    </Form.Item>
  );
}

function PeoplePicker({ label }: { label: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  // What the person typed picks among everyone (the list's own search), 20 at a time.
  const { result, query } = useCustom<{ data: UserRecord[] }>({ url: "/users", method: "get", config: { query: { search: search || undefined, per_page: 20 } } });
  const [known, setKnown] = useState<Record<number, string>>({});
  const found = result.data?.data ?? [];
  const options = [...found.map((user) => ({ value: user.id, label: user.name })), ...Object.entries(known).filter(([id]) => !found.some((user) => user.id === Number(id))).map(([id, name]) => ({ value: Number(id), label: name }))];
  return (
    <Form.Item name={["audience", "user_ids"]} label={label} rules={[{ required: true, message: t("validation.required") }]}>
      <Select
        mode="multiple"
        showSearch
        filterOption={false}
        onSearch={setSearch}
        loading={query.isFetching}
        placeholder={t("notificationsUi.broadcast.peoplePlaceholder")}
        options={options}
        onChange={(_, chosen) => {
          const picked = (Array.isArray(chosen) ? chosen : [chosen]) as { value: number; label: string }[];
          setKnown((previous) => ({ ...previous, ...Object.fromEntries(picked.map((option) => [option.value, option.label])) }));
        }}
      />
    </Form.Item>
  );
}

function BroadcastForm({ onSent, formId }: { onSent: () => void; formId: string }) {
  const { t } = useTranslation();
  const may = usePolicy();
  const { mutateAsync } = useCustomMutation<{ data: { recipients: number }; message?: string }>();
  const { formProps, form, error } = useFormSubmit<Values>({
    submit: async (values) => {
      const reply = await mutateAsync({ url: "/notifications/system", method: "post", values: broadcastOf(values), successNotification: false, errorNotification: false });
      toast("success", t("notificationsUi.broadcast.sent", { count: reply.data.data.recipients }));
      void refreshNotifications();
      onSent();
    },
  });
  const audience: AudienceType = Form.useWatch(["audience", "type"], form) ?? "all";
  // Roles and people are listed only to those the server lets list them; a department is typed.
  const choices: AudienceType[] = ["all", ...(may("roles.options") ? (["role"] as const) : []), "department", ...(may("users.list") ? (["users"] as const) : [])];
  const field = (name: string) => t(`notificationsUi.broadcast.fields.${name}`);

  return (
    <Form<Values> {...formProps} id={formId} name="notifications-broadcast" layout="vertical" initialValues={{ audience: { type: "all" } }}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="title" label={field("title")} rules={RULES.title}>
        <Input maxLength={BROADCAST_TEXT.title} />
      </Form.Item>
      <Form.Item name="message" label={field("message")} rules={RULES.message}>
        <Input.TextArea rows={4} maxLength={BROADCAST_TEXT.message} showCount />
      </Form.Item>
      <Form.Item
        name="link"
        label={field("link")}
        rules={RULES.link}
        // The link is optional: an emptied field sends none.
        normalize={(value: string) => (value === "" ? undefined : value)}
        extra={t("notificationsUi.broadcast.linkHint")}
      >
        <Input placeholder="/employees" />
      </Form.Item>
      <Form.Item name={["audience", "type"]} label={field("audience")}>
        <Radio.Group options={choices.map((value) => ({ value, label: t(`notificationsUi.broadcast.audiences.${value}`) }))} />
      </Form.Item>
      {audience === "role" && <RolePicker label={field("role")} />}
      {audience === "department" && (
        <Form.Item name={["audience", "department"]} label={field("department")} rules={[{ required: true, whitespace: true, message: t("validation.required") }]}>
          <Input maxLength={120} />
        </Form.Item>
      )}
      {audience === "users" && <PeoplePicker label={field("users")} />}
    </Form>
  );
}

/** "Send a notification" on the list, for those with notifications_manage: the form in a dialog. */
export function BroadcastButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const formId = "notifications-broadcast-form";
  return (
    <>
      <Button type="primary" icon={<SendOutlined />} onClick={() => setOpen(true)}>
        {t("notificationsUi.broadcast.button")}
      </Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        title={t("notificationsUi.broadcast.title")}
        destroyOnHidden
        okText={t("notificationsUi.broadcast.send")}
        cancelText={t("common.cancel")}
        okButtonProps={{ htmlType: "submit", form: formId, icon: <SendOutlined /> }}
      >
        <BroadcastForm formId={formId} onSent={() => setOpen(false)} />
      </Modal>
    </>
  );
}
