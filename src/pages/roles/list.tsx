import { Form, Input, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { builtInRoleKey } from "../../../contracts/built-in-roles";
import { roleBody, type RoleRecord } from "../../../contracts/roles";
import { useDialogForm, zodRules, type DialogForm } from "../../components/form";
import { CreateButton, ListPage, RecordActions, type ListColumn } from "../../components/list";
import { PermissionPicker } from "./PermissionPicker";
import { ChipList } from "../../components/common/ChipList";

const RULES = zodRules(roleBody.shape);

type Row = RoleRecord & { [key: string]: unknown };

const COLUMNS: ListColumn<Row>[] = [
  { field: "name", titleKey: "roles.fields.name", kind: "text" },
  { field: "description", titleKey: "roles.fields.description", kind: "text", render: (row) => <RoleDescription text={row.description} /> },
  {
    field: "permissions",
    titleKey: "roles.fields.permissions",
    kind: "text",
    sortable: false,
    filterable: false,
    render: (row) => <PermissionTags names={row.permissions} />,
    exportValue: (row) => row.permissions.join(" "),
  },
  { field: "users_count", titleKey: "roles.fields.users_count", kind: "number", sortable: false, filterable: false, width: 110, phone: true },
];

/** A built-in role's description in the reader's language while it is still the seeded text; anyone else's as written. */
function RoleDescription({ text }: { text: string | null }) {
  const { t } = useTranslation();
  const key = builtInRoleKey(text);
  return <>{key ? t(`roles.builtIn.${key}`) : text}</>;
}

function PermissionTags({ names }: { names: string[] }) {
  const { t } = useTranslation();
  return <ChipList labels={names.map((name) => t(`permissions.names.${name}`))} />;
}

function RoleModal({ form, titleKey }: { form: DialogForm<RoleRecord>; titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Modal {...form.modalProps} title={t(titleKey)} width={760} okText={t("common.save")} cancelText={t("common.cancel")}>
      <Form {...form.formProps} layout="vertical" initialValues={{ permissions: [], ...form.formProps.initialValues }}>
        <Form.Item name="name" label={t("roles.fields.name")} rules={RULES.name}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t("roles.fields.description")} rules={RULES.description}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="permissions" label={t("roles.fields.permissions")}>
          <PermissionPicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /roles: roles and their permissions; create and edit in a dialog, delete after confirming. */
export default function RoleListPage() {
  const { t } = useTranslation();

  const create = useDialogForm<RoleRecord>("roles", "create");
  const edit = useDialogForm<RoleRecord>("roles", "edit");
  return (
    <>
      <ListPage<Row>
        resource="roles"
        titleKey="roles.title"
        columns={COLUMNS}
        initialSorters={[{ field: "name", order: "asc" }]}
        createButton={<CreateButton resource="roles" labelKey="roles.create" onClick={() => create.show()} />}
        rowActions={(row) => (
          <RecordActions
            resource="roles"
            row={row}
            onEdit={edit.show}
            editLabel={t("roles.edit")}
            deleteLabel={t("roles.delete")}
            deleteConfirm={t("roles.deleteConfirm", { name: row.name })}
          />
        )}
      />
      <RoleModal form={create} titleKey="roles.create" />
      <RoleModal form={edit} titleKey="roles.edit" />
    </>
  );
}
