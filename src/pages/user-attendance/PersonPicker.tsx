import { useSelect } from "@refinedev/antd";
import { Flex, Select } from "antd";
import { useTranslation } from "react-i18next";
import type { UserRecord } from "../../../contracts/users";

const PICKER_ID = "user-attendance-person";

/** "Dana Reyes · E-11": two people of one name told apart. */
const personLabel = (person: UserRecord) => (person.employee_number ? `${person.name} · ${person.employee_number}` : person.name);

/**
 * Whose attendance: a searchable list of people (GET /api/users?search=),
 * asked again as the name is typed, once typing pauses.
 */
export function PersonPicker({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const { selectProps, query } = useSelect<UserRecord>({
    resource: "users",
    optionLabel: personLabel,
    optionValue: "id",
    defaultValue: value,
    onSearch: (text) => [{ field: "search", operator: "contains", value: text }],
    debounce: 300,
  });
  return (
    <Flex align="center" gap={8} wrap>
      <label htmlFor={PICKER_ID}>{t("userAttendance.person")}</label>
      <Select<number | undefined>
        id={PICKER_ID}
        showSearch
        // The server searches: what it answers is shown as it is.
        filterOption={false}
        onSearch={selectProps.onSearch}
        options={selectProps.options as { label: string; value: number }[]}
        loading={selectProps.loading || query.isFetching}
        value={value}
        onChange={onChange}
        allowClear
        placeholder={t("userAttendance.personPlaceholder")}
        notFoundContent={t("userAttendance.nobodyFound")}
        style={{ width: 280, maxWidth: "100%" }}
      />
    </Flex>
  );
}
