import i18next from "i18next";
import type { ActivityRecord } from "../../../contracts/activities";
import { ListPage, type ListColumn } from "../../components/list";
import { ActivityChanges } from "./ActivityChanges";
import { changesText, subjectWords } from "./changeWording";
import { ActionLabel, SubjectLabel } from "./labels";

type Activity = ActivityRecord & { [key: string]: unknown };

const COLUMNS: ListColumn<Activity>[] = [
  { field: "created_at", titleKey: "activities.fields.created_at", kind: "date", withTime: true },
  { field: "actor_name", titleKey: "activities.fields.actor", kind: "text", phone: true, render: (row) => row.actor_name ?? "—" },
  { field: "action", titleKey: "activities.fields.action", kind: "text", phone: true, render: (row) => <ActionLabel action={row.action} /> },
  {
    field: "subject_type",
    titleKey: "activities.fields.subject",
    kind: "text",
    sortable: false,
    render: (row) => <SubjectLabel record={row} />,
    exportValue: (row, t) => subjectWords(row, t, i18next.language),
  },
  { field: "changes", titleKey: "activities.fields.changes", kind: "text", sortable: false, filterable: false, render: (row) => <ActivityChanges record={row} />, exportValue: (row, t) => changesText(row, t, i18next.language) },
  { field: "ip", titleKey: "activities.fields.ip", kind: "text", sortable: false, filterable: false, width: 130 },
];

/** /dashboard/system-activities: who did what, when, from where, with the fields it changed. */
export default function ActivityListPage() {
  return <ListPage<Activity> resource="activities" titleKey="activities.title" columns={COLUMNS} searchable={false} initialSorters={[{ field: "created_at", order: "desc" }]} />;
}
