import { useState } from "react";
import { DeleteOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { Button, Modal, Typography } from "antd";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import type { BulkDeleteResult } from "../../api/payroll";
import type { BulkSelection } from "../list";
import { toast } from "../../lib/toast";
import { failureMessage } from "../form";
import { ConfirmAction } from "../common/ConfirmAction";

export interface BulkDeleteButtonProps {
  selection: BulkSelection;
  /** The button's words, the question and what it means. */
  label: string;
  confirm: string;
  explains: string;
  /** The answer that does it; "Delete" unless given. */
  okText?: string;
  /** The bulk call: what was deleted, and why each other one stayed. */
  remove: (ids: number[]) => Promise<{ data: BulkDeleteResult; message: string }>;
  /** The resources whose lists change with it. */
  resources: readonly string[];
  onRefusals: (result: BulkDeleteResult) => void;
}

/**
 * Deletes the selected records after a question; all gone, the server's words
 * in a toast; some kept, `onRefusals` hears which and why (the bar goes once
 * nothing is selected, so the page says it).
 */
export function BulkDeleteButton({ selection, label, confirm, explains, okText, remove, resources, onRefusals }: BulkDeleteButtonProps) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const reply = await remove(selection.ids.map(Number));
      selection.clear();
      for (const resource of resources) void invalidate({ resource, invalidates: ["all"] });
      if (reply.data.refused.length === 0) toast("success", reply.message || i18next.t("toast.done"));
      else onRefusals(reply.data);
    } catch (failure) {
      toast("error", failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmAction title={confirm} description={explains} okText={okText ?? t("common.delete")} danger onConfirm={run}>
      <Button danger size="small" icon={<DeleteOutlined />} loading={busy}>
        {label}
      </Button>
    </ConfirmAction>
  );
}

export interface BulkRefusalsProps {
  result: BulkDeleteResult | null;
  title: string;
  /** "3 runs were deleted.", "2 were kept:" for the result shown. */
  deleted: (count: number) => string;
  kept: (count: number) => string;
  /** A refused record's name, as the list showed it. */
  nameOf: (id: number) => string;
  onClose: () => void;
}

/** What a bulk delete did: how many went, and each record kept with the server's reason. */
export function BulkRefusals({ result, title, deleted, kept, nameOf, onClose }: BulkRefusalsProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={result !== null}
      onCancel={onClose}
      title={title}
      footer={
        <Button type="primary" onClick={onClose}>
          {t("payrollUi.runs.bulk.close")}
        </Button>
      }
    >
      {result && (
        <>
          <Typography.Paragraph>{deleted(result.deleted.length)}</Typography.Paragraph>
          <Typography.Paragraph strong>{kept(result.refused.length)}</Typography.Paragraph>
          <ul data-testid="bulk-refused">
            {result.refused.map((refusal) => (
              <li key={refusal.id}>
                <Typography.Text strong>{nameOf(refusal.id)}</Typography.Text>
                {": "}
                {refusal.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
