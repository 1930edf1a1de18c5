import { useParsed } from "@refinedev/core";

import { useTranslation } from "react-i18next";
import { UserForm } from "./UserForm";
import { PageTitle } from "../../components/common/PageTitle";

/** /employees/create and /employees/:id/edit: the same form, new or loaded. */
export default function UserEditorPage() {
  const { t } = useTranslation();
  const { id } = useParsed();
  const action = id === undefined ? "create" : "edit";
  return (
    <>
      <PageTitle style={{ marginTop: 0 }}>
        {t(action === "create" ? "employees.createTitle" : "employees.editTitle")}
      </PageTitle>
      <UserForm action={action} id={id === undefined ? undefined : Number(id)} />
    </>
  );
}
