import { useState } from "react";
import { SendOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Alert, Button, Form, Input, Modal, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { BROADCAST_TEXT, broadcastBody, type AudienceOptions, type BroadcastAudience, type BroadcastBody } from "../../../contracts/notifications";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { useFormSubmit, zodRules } from "../../components/form";
import { refreshNotifications } from "../../components/notifications";
import { formatCount } from "../../i18n/numbers";
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

/** The roles and departments the sender can reach, counted as the broadcast counts them. */
function useAudiences() {
  const { result, query } = useCustom<{ data: AudienceOptions }>({ url: "/notifications/audiences", method: "get" });
  return { options: result.data?.data, loading: query.isFetching };
}

/** "Finance (12 people)": a choice with the number of people it reaches. */
function useReachLabel() {
  const { t } = useTranslation();
  return (name: string, people: number) => t("notificationsUi.broadcast.reach", { name, count: people });
}

function GroupPicker({ kind, label }: { kind: "role" | "department"; label: string }) {
  const { t } = useTranslation();
  const reach = useReachLabel();
  const { options, loading } = useAudiences();
  const choices: { value: number | string; label: string }[] =
    kind === "role"
      ? (options?.roles ?? []).map((role) => ({ value: role.id, label: reach(role.name, role.people) }))
      : (options?.departments ?? []).map((department) => ({ value: department.name, label: reach(department.name, department.people) }));
  return (
    <Form.Item name={["audience", kind === "role" ? "role_id" : "department"]} label={label} rules={[{ required: true, message: t("validation.required") }]}>
      <Select loading={loading} options={choices} showSearch optionFilterProp="label" />
    </Form.Item>
  );
}

function PeopleField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={["audience", "user_ids"]} label={label} rules={[{ required: true, message: t("validation.required") }]} extra={t("peoplePicker.hint")}>
      <PeoplePicker multiple />
    </Form.Item>
  );
}

function BroadcastForm({ onSent, formId }: { onSent: () => void; formId: string }) {
  const { t } = useTranslation();
  const { mutateAsync } = useCustomMutation<{ data: { recipients: number }; message?: string }>();
  const { options } = useAudiences();
  // A company-wide announcement waiting for its sender's yes.
  const [everyoneAsked, setEveryoneAsked] = useState<Values | null>(null);
  const send = async (values: Values) => {
    const reply = await mutateAsync({ url: "/notifications/system", method: "post", values: broadcastOf(values), successNotification: false, errorNotification: false });
    toast("success", t("notificationsUi.broadcast.sent", { count: reply.data.data.recipients }));
    void refreshNotifications();
    onSent();
  };
  const { formProps, form, error } = useFormSubmit<Values>({
    submit: async (values) => {
      // The whole company hears it at once: the sender says yes to the number first.
      if (values.audience.type === "all") setEveryoneAsked(values);
      else await send(values);
    },
  });
  const everyone = options?.everyone ?? 0;
  const sendToEveryone = async () => {
    const values = everyoneAsked!;
    setEveryoneAsked(null);
    try {
      await send(values);
    } catch (failure) {
      toast("error", failure instanceof Error ? failure.message : t("errors.other"));
    }
  };
  const audience: AudienceType = Form.useWatch(["audience", "type"], form) ?? "all";
  const reach = useReachLabel();
  const choices: AudienceType[] = ["all", "role", "department", "users"];
  const field = (name: string) => t(`notificationsUi.broadcast.fields.${name}`);

  return (
    <Form<Values> {...formProps} id={formId} name="notifications-broadcast" layout="vertical" initialValues={{ audience: { type: "all" } }}>
      <Modal
        open={everyoneAsked !== null}
        title={t("notificationsUi.broadcast.confirmTitle")}
        okText={t("notificationsUi.broadcast.send")}
        okButtonProps={{ icon: <SendOutlined /> }}
        cancelText={t("common.cancel")}
        onOk={() => void sendToEveryone()}
        onCancel={() => setEveryoneAsked(null)}
      >
        {t("notificationsUi.broadcast.confirmEveryone", { count: everyone, formatted: formatCount(everyone) })}
      </Modal>
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
        <Radio.Group
          options={choices.map((value) => ({
            value,
            label: value === "all" && options ? reach(t("notificationsUi.broadcast.audiences.all"), options.everyone) : t(`notificationsUi.broadcast.audiences.${value}`),
          }))}
        />
      </Form.Item>
      {audience === "role" && <GroupPicker kind="role" label={field("role")} />}
      {audience === "department" && <GroupPicker kind="department" label={field("department")} />}
      {audience === "users" && <PeopleField label={field("users")} />}
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
