import { useMemo, useState } from "react";
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import type { CrudFilter } from "@refinedev/core";
import type { TFunction } from "i18next";
import { Space } from "antd";
import { useTranslation } from "react-i18next";
import { minorToMajorText } from "../../../contracts/money";
import type { UserRecord } from "../../../contracts/users";
import { usePolicy, useResourceAccess } from "../../auth/usePolicy";
import { LinkButton } from "../../components/common/LinkButton";
import { Money } from "../../components/common/Money";
import { ListPage, ListViews, type Choice, type ListColumn } from "../../components/list";
import { pagePath } from "../../resources";
import { EditSelected } from "./EditSelected";
import { ImportPeople } from "./ImportPeople";
import { LEVEL_CHOICES, STATUS_CHOICES, TYPE_CHOICES } from "./choices";
import { RemoveSelected } from "./RemoveSelected";
import { RestoreButton } from "./RestoreButton";
import { TwoFactorState } from "./TwoFactorState";

type Row = UserRecord & { [key: string]: unknown };

const BASE_COLUMNS: ListColumn<Row>[] = [
  { field: "employee_number", titleKey: "employees.fields.employee_number", kind: "text", width: 120 },
  { field: "name", titleKey: "employees.fields.name", kind: "text" },
  // Status early: at 1440 px the columns past the department scroll under the fixed actions.
  { field: "employment_status", titleKey: "employees.fields.employment_status", kind: "choice", choices: STATUS_CHOICES, phone: true },
  { field: "email", titleKey: "employees.fields.email", kind: "text" },
  { field: "department", titleKey: "employees.fields.department", kind: "text", phone: true },
  { field: "position", titleKey: "employees.fields.position", kind: "text" },
  { field: "employment_type", titleKey: "employees.fields.employment_type", kind: "choice", choices: TYPE_CHOICES },
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

const TWO_FACTOR_CHOICES: readonly Choice[] = [
  { value: "true", labelKey: "twoFactor.on" },
  { value: "false", labelKey: "twoFactor.off" },
];

/** Only for readers who manage people (users.viewTwoFactor): the server refuses the filter to anyone else. */
const twoFactorColumn = (t: TFunction): ListColumn<Row> => ({
  field: "two_factor",
  titleKey: "twoFactor.title",
  kind: "choice",
  choices: TWO_FACTOR_CHOICES,
  width: 150,
  render: (row) => row.two_factor && <TwoFactorState state={row.two_factor} withDate={false} />,
  exportValue: (row) => (row.two_factor ? t(row.two_factor.enabled ? "twoFactor.on" : "twoFactor.off") : ""),
});

const recordPath = (row: Row) => pagePath("users", "show", row.id);

type View = "current" | "archived";
const ARCHIVED: CrudFilter[] = [{ field: "archived", operator: "eq", value: "1" }];

export default function UserListPage() {
  const { t } = useTranslation();
  const may = usePolicy();
  const allowed = useResourceAccess();
  const seesPay = may("users.viewPay");
  const seesTwoFactor = may("users.viewTwoFactor");
  const columns = useMemo(() => [...BASE_COLUMNS, ...(seesPay ? [PAY_COLUMN] : []), ...(seesTwoFactor ? [twoFactorColumn(t)] : [])], [seesPay, seesTwoFactor, t]);
  const [view, setView] = useState<View>("current");
  const archived = view === "archived";

  return (
    <ListPage<Row>
      // Another view is another list: its filters, selection and export start afresh.
      key={view}
      resource="users"
      permanentFilters={archived ? ARCHIVED : undefined}
      toolbar={
        <ListViews
          name="employee-view"
          label={t("employees.views.label")}
          value={view}
          onChange={setView}
          options={(["current", "archived"] as const).map((value) => ({ value, label: t(`employees.views.${value}`) }))}
        />
      }
      titleKey="employees.title"
      columns={columns}
      initialSorters={[{ field: "name", order: "asc" }]}
      nameField="name"
      recordPath={recordPath}
      createButton={
        ((may("users.import") && !archived) || allowed("users", "create")) && (
          <Space wrap>
            {may("users.import") && !archived && <ImportPeople />}
            {allowed("users", "create") && (
              <LinkButton to={pagePath("users", "create")} type="primary" icon={<PlusOutlined />}>
                {t("employees.create")}
              </LinkButton>
            )}
          </Space>
        )
      }
      bulkActions={
        !archived && (may("users.bulkUpdate") || allowed("users", "delete"))
          ? (selection) => (
              <Space wrap>
                {may("users.bulkUpdate") && <EditSelected {...selection} />}
                {allowed("users", "delete") && <RemoveSelected {...selection} />}
              </Space>
            )
          : undefined
      }
      rowActions={(row) =>
        archived
          ? allowed("users", "delete", row) && <RestoreButton person={row} size="small" />
          : allowed("users", "edit", row) && <LinkButton to={pagePath("users", "edit", row.id)} size="small" icon={<EditOutlined />} aria-label={t("employees.editNamed", { name: row.name })} />
      }
    />
  );
}
