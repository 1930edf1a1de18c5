import { useRef, type ReactNode } from "react";
import { Alert, Button, Flex, Form, Input, Modal, Typography, type FormRule } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { useTranslation } from "react-i18next";
import { useFormSubmit } from "./useFormSubmit";

// Not in the kit's index: the signed-out screens load the index, and this dialog is for signed-in work only.

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  /** The form's name, which keeps its field ids apart from another form's. */
  name: string;
  title: string;
  /** What the step does, said above the field. */
  explains: string;
  label: string;
  hint: string;
  submitLabel: string;
  icon: ReactNode;
  /** The step cannot be taken back (a withdrawal): the button says so in red. */
  danger?: boolean;
  /** The contract's rules for the reason. */
  rules: FormRule[];
  /** Takes the step with the reason given; a refusal stays in the dialog, over the field. */
  submit: (reason: string) => Promise<void>;
}

/** A step that needs a reason, kept with the record or in the activity log: the reason is all the dialog asks. */
export function ReasonDialog({ open, onClose, name, title, explains, label, hint, submitLabel, icon, danger, rules, submit }: ReasonDialogProps) {
  const { t } = useTranslation();
  const reasonField = useRef<TextAreaRef>(null);
  const { formProps, error, busy } = useFormSubmit<{ reason: string }>({ submit: ({ reason }) => submit(reason) });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={title}
      footer={null}
      destroyOnHidden
      // The reason is what the dialog asks for: the keyboard starts there once the dialog has taken the focus.
      afterOpenChange={(opened) => opened && reasonField.current?.focus()}
    >
      <Form<{ reason: string }> {...formProps} name={name} layout="vertical">
        <Typography.Paragraph>{explains}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form.Item name="reason" label={label} rules={rules} extra={hint}>
          <Input.TextArea ref={reasonField} rows={3} maxLength={500} showCount />
        </Form.Item>
        <Flex justify="end" gap={8} wrap>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="primary" danger={danger} htmlType="submit" loading={busy} icon={icon}>
            {submitLabel}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
