import { PlusOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useResourceAccess } from "../../auth/usePolicy";

/** A list's "create" button that opens a dialog: shown only to those the resource's policy lets create. */
export function CreateButton({ resource, labelKey, onClick }: { resource: string; labelKey: string; onClick: () => void }) {
  const { t } = useTranslation();
  const allowed = useResourceAccess();
  if (!allowed(resource, "create")) return null;
  return (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onClick}>
      {t(labelKey)}
    </Button>
  );
}
