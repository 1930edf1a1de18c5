import type { ReactNode } from "react";
import { ListPage } from "../list";
import { DAY_COLUMNS, NEWEST_DAY_FIRST, type DayRow } from "./dayColumns";

export interface PersonDaysProps {
  userId: number;
  titleKey: string;
  toolbar?: ReactNode;
  createButton?: ReactNode;
  rowActions?: (day: DayRow) => ReactNode;
  pageSize?: number;
  exportable?: boolean;
}

/**
 * One person's days, newest first (GET /api/attendance/user-attendance?user_id=):
 * the same table as one's own history. Another person starts a fresh table, on its first page.
 */
export function PersonDays({ userId, ...props }: PersonDaysProps) {
  return (
    <ListPage<DayRow>
      key={userId}
      resource="user-attendance"
      columns={DAY_COLUMNS}
      rowKey="date"
      nameField="date"
      searchable={false}
      initialSorters={NEWEST_DAY_FIRST}
      permanentFilters={[{ field: "user_id", operator: "eq", value: userId }]}
      {...props}
    />
  );
}
