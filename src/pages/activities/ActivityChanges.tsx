import { Typography } from "antd";
import { useTranslation } from "react-i18next";

type Change = { from: unknown; to: unknown };

function isChange(value: unknown): value is Change {
  return typeof value === "object" && value !== null && "from" in value && "to" in value;
}

function labelKeys(field: string, subjectType: string | null | undefined): string[] {
  const own = subjectType ? FIELD_LABELS[subjectType] : undefined;
  return [...(own ? [`${own}.${field}`] : []), `activities.changeFields.${field}`, `employees.fields.${field}`];
}

/** A value as a person reads it: lists comma-separated, small objects as "key: value", nothing as "(empty)". */
function show(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === "") return empty;
  if (Array.isArray(value)) return value.length === 0 ? empty : value.map((item) => show(item, empty)).join(", ");
  if (typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length === 0 ? empty : entries.map(([key, item]) => `${key}: ${show(item, empty)}`).join(", ");
  }
  return String(value);
}

/** Where each kind of record keeps its field labels; the activity log's own labels cover the rest (file type, size...). */
const FIELD_LABELS: Record<string, string> = { user: "employees.fields", role: "roles.fields" };

/** A change record read as "field: before → after" lines; masked secrets stay masked. */
export function ActivityChanges({ changes, subjectType }: { changes: unknown; subjectType?: string | null }) {
  const { t } = useTranslation();
  if (typeof changes !== "object" || changes === null) return null;
  const entries = Object.entries(changes as Record<string, unknown>);
  if (entries.length === 0) return null;
  const empty = t("activities.empty");
  return (
    <ul style={{ margin: "4px 0 0", paddingLeft: 18 }} data-testid="activity-changes">
      {entries.map(([field, value]) => (
        <li key={field}>
          <Typography.Text type="secondary">{t(labelKeys(field, subjectType), { defaultValue: field })}: </Typography.Text>
          {isChange(value) ? (
            <>
              <Typography.Text delete>{show(value.from, empty)}</Typography.Text> → <Typography.Text>{show(value.to, empty)}</Typography.Text>
            </>
          ) : (
            <Typography.Text>{show(value, empty)}</Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}
