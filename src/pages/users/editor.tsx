import { useParsed } from "@refinedev/core";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { UserForm } from "./UserForm";

/** /employees/create and /employees/:id/edit: the same form, new or loaded. */
export default function UserEditorPage() {
  const { t } = useTranslation();
  const { id } = useParsed();
  const action = id === undefined ? "create" : "edit";
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(action === "create" ? "employees.createTitle" : "employees.editTitle")}
      </Typography.Title>
      <UserForm action={action} id={id === undefined ? undefined : Number(id)} />
    </>
  );
}
