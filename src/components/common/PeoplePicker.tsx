import { useEffect, useReducer, useState, type CSSProperties } from "react";
import { useCustom } from "@refinedev/core";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import type { PersonLookup } from "../../../contracts/users";
import { useDebouncedValue } from "./useDebouncedValue";

/** Open to everyone whose work means choosing a person, not only to those who may read the employee list. */
const LOOKUP = "/users/lookup";

/** "Dana Reyes · E-11 · Finance": two people of one name told apart. */
const describe = (person: PersonLookup) => [person.name, person.employee_number, person.department].filter(Boolean).join(" · ");

/** Everyone the lookup has named so far: a chosen person keeps their name while a search shows others. */
function rememberPeople(known: ReadonlyMap<number, PersonLookup>, people: readonly PersonLookup[] | undefined): ReadonlyMap<number, PersonLookup> {
  if (!people?.some((person) => known.get(person.id) !== person)) return known;
  return new Map([...known, ...people.map((person) => [person.id, person] as const)]);
}

interface CommonProps {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  /** Only where no hint can sit beside the field: antd draws placeholders faintly. */
  placeholder?: string;
  style?: CSSProperties;
}

type PeoplePickerProps =
  | (CommonProps & { multiple: true; value?: number[]; onChange?: (ids: number[]) => void })
  | (CommonProps & { multiple?: false; value?: number; onChange?: (id: number | undefined) => void });

/**
 * One person or several, found by the server's search of names, e-mails and
 * employee numbers (GET /api/users/lookup) once typing pauses. A form
 * control: its value is ids, and ids it was given are named by asking the
 * lookup for them, so a value from the address or a saved form reads as a name.
 */
export function PeoplePicker({ multiple, value, onChange, placeholder, style, ...field }: PeoplePickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const search = useDebouncedValue(typed.trim());
  const found = useCustom<{ data: PersonLookup[] }>({ url: LOOKUP, method: "get", config: { query: { search: search || undefined } } });
  const [known, remember] = useReducer(rememberPeople, new Map<number, PersonLookup>());
  const chosen = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const unnamed = chosen.filter((id) => !known.has(id));
  const named = useCustom<{ data: PersonLookup[] }>({
    url: LOOKUP,
    method: "get",
    config: { query: { ids: unnamed.join(",") } },
    queryOptions: { enabled: unnamed.length > 0 },
  });
  const matches = found.result.data?.data;
  const given = named.result.data?.data;
  useEffect(() => remember(matches), [matches]);
  useEffect(() => remember(given), [given]);

  const options = [
    ...(matches ?? []).map((person) => ({ value: person.id, label: describe(person) })),
    ...chosen
      .filter((id) => !matches?.some((person) => person.id === id))
      .map((id) => {
        const person = known.get(id);
        return { value: id, label: person ? describe(person) : `#${id}` };
      }),
  ];
  const busy = found.query.isFetching;
  const common = {
    ...field,
    showSearch: true,
    // The server searches: what it answers is shown as it is.
    filterOption: false,
    onSearch: setTyped,
    loading: busy,
    notFoundContent: busy ? null : t("peoplePicker.noMatch"),
    options,
    placeholder,
    style,
  } as const;
  return multiple ? (
    <Select<number[]> {...common} mode="multiple" value={value} onChange={(ids) => onChange?.(ids)} />
  ) : (
    <Select<number | undefined> {...common} allowClear value={value} onChange={(id) => onChange?.(id)} />
  );
}
