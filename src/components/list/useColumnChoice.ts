import { useCallback, useMemo, useState } from "react";
import type { BaseRecord } from "@refinedev/core";
import { Grid } from "antd";
import { useSavedPreferences, useSavePreferences } from "../layout/preferenceSaver";
import type { ListColumn } from "./types";

export interface ColumnChoice<T extends BaseRecord> {
  /** The columns to show, in their declared order; the name column always among them. */
  visible: readonly ListColumn<T>[];
  hidden: ReadonlySet<string>;
  setHidden: (fields: string[]) => void;
}

/**
 * Which of a list's columns a person sees. Their choice is kept with their
 * preferences (by list); without one, a phone shows the name and the columns
 * declared `phone`, a wider screen all of them.
 */
export function useColumnChoice<T extends BaseRecord>(list: string, columns: readonly ListColumn<T>[], nameField: string): ColumnChoice<T> {
  const saved = useSavedPreferences().hidden_columns?.[list];
  const save = useSavePreferences();
  // The choice applies at once, before (or without) the round trip that keeps it.
  const [chosenHere, setChosenHere] = useState<string[]>();
  const phone = Grid.useBreakpoint().sm === false;
  const hidden = useMemo(() => {
    const chosen = chosenHere ?? saved;
    if (chosen) return new Set(chosen);
    return new Set(phone ? columns.filter((column) => !column.phone && column.field !== nameField).map((column) => column.field) : []);
  }, [chosenHere, saved, phone, columns, nameField]);
  const visible = useMemo(() => columns.filter((column) => column.field === nameField || !hidden.has(column.field)), [columns, hidden, nameField]);
  const setHidden = useCallback(
    (fields: string[]) => {
      setChosenHere(fields);
      save({ hidden_columns: { [list]: fields } });
    },
    [list, save],
  );
  return { visible, hidden, setHidden };
}
