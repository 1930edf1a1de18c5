import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { useDelete, type BaseRecord } from "@refinedev/core";
import { Button, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useResourceAccess } from "../../auth/usePolicy";
import { writeNotifications } from "../form/notifications";

export interface RecordActionsProps {
  resource: string;
  row: BaseRecord & { id: number };
  /** Opens the record's editor (a dialog on the list). */
  onEdit: (id: number) => void;
  editLabel: string;
  deleteLabel: string;
  /** The question asked before deleting, naming the record. */
  deleteConfirm: string;
}

/** A row's edit and delete buttons, each shown only where the resource's policy allows it for this row. */
export function RecordActions({ resource, row, onEdit, editLabel, deleteLabel, deleteConfirm }: RecordActionsProps) {
  const { t } = useTranslation();
  const allowed = useResourceAccess();
  const { mutate: remove } = useDelete();
  return (
    <Space size="small">
      {allowed(resource, "edit", row) && <Button size="small" icon={<EditOutlined />} aria-label={editLabel} onClick={() => onEdit(row.id)} />}
      {allowed(resource, "delete", row) && (
        <Popconfirm title={deleteConfirm} okText={t("common.delete")} cancelText={t("common.cancel")} onConfirm={() => remove({ resource, id: row.id, ...writeNotifications })}>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={deleteLabel} />
        </Popconfirm>
      )}
    </Space>
  );
}
