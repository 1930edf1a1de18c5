import { useState } from "react";
import { useList } from "@refinedev/core";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import type { UserRecord } from "../../../contracts/users";
import { SEARCH_FIELD } from "../../providers/data";
import { useDebouncedValue } from "./useDebouncedValue";

/** How many matches a search shows: enough to pick from, few enough to read. */
const MATCHES = 20;

const describe = (person: UserRecord) => [person.name, person.employee_number, person.department].filter(Boolean).join(" · ");

/**
 * Several people chosen from the employee list (GET /api/users, the server's
 * search by name, e-mail or number), asked once typing pauses. A form control:
 * its value is the chosen people's ids. No placeholder: antd draws it as faint text that fails
 * contrast, and a screen reader may skip it; the form says how to search beside the field.
 */
export function PeoplePicker({ value, onChange, id, ...aria }: { value?: number[]; onChange?: (ids: number[]) => void; id?: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const search = useDebouncedValue(typed.trim());
  const { result, query } = useList<UserRecord>({
    resource: "users",
    pagination: { currentPage: 1, pageSize: MATCHES },
    sorters: [{ field: "name", order: "asc" }],
    filters: search ? [{ field: SEARCH_FIELD, operator: "contains", value: search }] : [],
  });
  // The chosen stay named while a search shows others.
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const found = result.data ?? [];
  const options = [
    ...found.map((person) => ({ value: person.id, label: describe(person) })),
    ...(value ?? []).filter((id) => !found.some((person) => person.id === id)).map((id) => ({ value: id, label: chosen[id] ?? `#${id}` })),
  ];
  return (
    <Select<number[], { value: number; label: string }>
      id={id}
      {...aria}
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={setTyped}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? null : t("peoplePicker.noMatch")}
      options={options}
      value={value}
      onChange={(ids, picked) => {
        const named = (Array.isArray(picked) ? picked : [picked]).filter((option): option is { value: number; label: string } => Boolean(option));
        setChosen((previous) => ({ ...previous, ...Object.fromEntries(named.map((option) => [option.value, option.label])) }));
        onChange?.(ids);
      }}
    />
  );
}
