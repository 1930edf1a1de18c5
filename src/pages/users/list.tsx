import { useMemo } from "react";
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useDeleteMany } from "@refinedev/core";
import { Button, Popconfirm } from "antd";
import { useTranslation } from "react-i18next";
import { minorToMajorText } from "../../../contracts/money";
import type { UserRecord } from "../../../contracts/users";
import { usePolicy, useResourceAccess } from "../../auth/usePolicy";
import { LinkButton } from "../../components/common/LinkButton";
import { writeNotifications } from "../../components/form";
import { Money } from "../../components/common/Money";
import { ListPage, type BulkSelection, type ListColumn } from "../../components/list";
import { pagePath } from "../../resources";
import { LEVEL_CHOICES, STATUS_CHOICES, TYPE_CHOICES } from "./choices";

type Row = UserRecord & { [key: string]: unknown };

const BASE_COLUMNS: ListColumn<Row>[] = [
  { field: "employee_number", titleKey: "employees.fields.employee_number", kind: "text", width: 120 },
  { field: "name", titleKey: "employees.fields.name", kind: "text" },
  { field: "email", titleKey: "employees.fields.email", kind: "text" },
  { field: "department", titleKey: "employees.fields.department", kind: "text", phone: true },
  { field: "position", titleKey: "employees.fields.position", kind: "text" },
  { field: "employment_type", titleKey: "employees.fields.employment_type", kind: "choice", choices: TYPE_CHOICES },
  { field: "employment_status", titleKey: "employees.fields.employment_status", kind: "choice", choices: STATUS_CHOICES, phone: true },
  { field: "access_level", titleKey: "employees.fields.access_level", kind: "choice", choices: LEVEL_CHOICES },
  { field: "hire_date", titleKey: "employees.fields.hire_date", kind: "date" },
];

/** Only for readers allowed to see pay: the server refuses the filter to anyone else. */
const PAY_COLUMN: ListColumn<Row> = {
  field: "base_rate",
  titleKey: "employees.fields.base_rate",
  kind: "number",
  filterable: false,
  render: (row) => <Money minor={row.base_rate} currency={row.currency} />,
  // The file holds what the screen shows: 9500.00 USD, not the 950000 minor units the API sends.
  exportValue: (row) => (row.base_rate === undefined || !row.currency ? "" : `${minorToMajorText(row.base_rate, row.currency)} ${row.currency}`),
};

const recordPath = (row: Row) => pagePath("users", "show", row.id);

function DeleteSelected({ ids, clear }: BulkSelection) {
  const { t } = useTranslation();
  const { mutate, mutation } = useDeleteMany();
  return (
    <Popconfirm
      title={t("employees.deleteSelectedConfirm", { count: ids.length })}
      description={t("employees.deleteExplains")}
      okText={t("common.delete")}
      cancelText={t("common.cancel")}
      onConfirm={() => mutate({ resource: "users", ids, ...writeNotifications }, { onSuccess: clear })}
    >
      <Button danger size="small" loading={mutation.isPending}>
        {t("employees.deleteSelected")}
      </Button>
    </Popconfirm>
  );
}

export default function UserListPage() {
  const { t } = useTranslation();
  const may = usePolicy();
  const allowed = useResourceAccess();
  const seesPay = may("users.viewPay");
  const columns = useMemo(() => (seesPay ? [...BASE_COLUMNS, PAY_COLUMN] : BASE_COLUMNS), [seesPay]);

  return (
    <ListPage<Row>
      resource="users"
      titleKey="employees.title"
      columns={columns}
      initialSorters={[{ field: "name", order: "asc" }]}
      nameField="name"
      recordPath={recordPath}
      createButton={
        allowed("users", "create") && (
          <LinkButton to={pagePath("users", "create")} type="primary" icon={<PlusOutlined />}>
            {t("employees.create")}
          </LinkButton>
        )
      }
      bulkActions={allowed("users", "delete") ? (selection) => <DeleteSelected {...selection} /> : undefined}
      rowActions={(row) =>
        allowed("users", "edit", row) && <LinkButton to={pagePath("users", "edit", row.id)} size="small" icon={<EditOutlined />} aria-label={t("employees.editNamed", { name: row.name })} />
      }
    />
  );
}
