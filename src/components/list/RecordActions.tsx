import type { ReactNode } from "react";
import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { useDelete, type BaseRecord } from "@refinedev/core";
import { Button, Popconfirm, Space, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { useResourceAccess } from "../../auth/usePolicy";
import { deleteNotifications } from "../form/notifications";

export interface RecordActionsProps {
  resource: string;
  row: BaseRecord & { id: number };
  /** Opens the record's editor (a dialog on the list). */
  onEdit: (id: number) => void;
  editLabel: string;
  deleteLabel: string;
  /** The question asked before deleting, naming the record. */
  deleteConfirm: string;
  /** More buttons before edit (a rate table's "new version"), already guarded by the caller. */
  extra?: ReactNode;
}

/** A row's edit and delete buttons, each shown only where the resource's policy allows it for this row; a refused delete says why. */
export function RecordActions({ resource, row, onEdit, editLabel, deleteLabel, deleteConfirm, extra }: RecordActionsProps) {
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
