import type { ReactNode } from "react";
import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { useDelete, type BaseRecord } from "@refinedev/core";
import { Button, Popconfirm, Space, Tooltip } from "antd";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { useResourceAccess } from "../../auth/usePolicy";
import { successNotification } from "../../components/form";

/**
 * A delete has no form to put a refusal on: "SSS uses BASIC: change SSS
 * first" (a 422 naming the code field) is said in a toast like any other.
 */
const deleteNotifications = {
  successNotification,
  errorNotification: (failure: unknown) => ({ type: "error" as const, message: failure instanceof Error && failure.message ? failure.message : i18next.t("errors.other") }),
};

export interface RowActionsProps {
  resource: string;
  row: BaseRecord & { id: number };
  onEdit: (id: number) => void;
  editLabel: string;
  deleteLabel: string;
  deleteConfirm: string;
  /** More buttons before edit (a rate table's "new version"), already guarded by the caller. */
  extra?: ReactNode;
}

/** A row's edit and delete buttons, each shown only where the resource's policy allows it; a refused delete says why. */
export function RowActions({ resource, row, onEdit, editLabel, deleteLabel, deleteConfirm, extra }: RowActionsProps) {
  const { t } = useTranslation();
  const allowed = useResourceAccess();
  const { mutate: remove } = useDelete();
  return (
    <Space size="small">
      {extra}
      {allowed(resource, "edit", row) && (
        <Tooltip title={editLabel}>
          <Button size="small" icon={<EditOutlined aria-hidden />} aria-label={editLabel} onClick={() => onEdit(row.id)} />
        </Tooltip>
      )}
      {allowed(resource, "delete", row) && (
        <Popconfirm title={deleteConfirm} okText={t("common.delete")} cancelText={t("common.cancel")} onConfirm={() => remove({ resource, id: row.id, ...deleteNotifications })}>
          <Button size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={deleteLabel} />
        </Popconfirm>
      )}
    </Space>
  );
}
