import { Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { valueLabel } from "./valueLabels";

type Change = { from: unknown; to: unknown };

function isChange(value: unknown): value is Change {
  return typeof value === "object" && value !== null && "from" in value && "to" in value;
}

function labelKeys(field: string, subjectType: string | null | undefined): string[] {
  const own = subjectType ? FIELD_LABELS[subjectType] : undefined;
  return [...(own ? [`${own}.${field}`] : []), `activities.changeFields.${field}`, `employees.fields.${field}`];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A field's value as a person reads it, with the forms' labels (valueLabels.ts): lists comma-separated,
 * small objects (preferences) as "Label: value", nothing as "(empty)".
 */
function show(field: string, value: unknown, t: TFunction): string {
  const empty = t("activities.empty");
  if (value === null || value === undefined || value === "") return empty;
  if (Array.isArray(value)) return value.length === 0 ? empty : value.map((item) => show(field, item, t)).join(", ");
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    return entries.length === 0 ? empty : entries.map(([key, item]) => `${t(`activities.changeFields.${key}`, { defaultValue: key })}: ${show(key, item, t)}`).join(", ");
  }
  return valueLabel(field, value, t);
}

/** Of two objects (preferences before and after), only the keys that changed, so a theme switch does not list the language. */
function changedPart(change: Change): Change {
  if (!isPlainObject(change.from) || !isPlainObject(change.to)) return change;
  const before = change.from;
  const after = change.to;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (keys.length === 0) return change;
  return { from: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])), to: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])) };
}

/** Where each kind of record keeps its field labels; the activity log's own labels cover the rest (file type, size...). */
const FIELD_LABELS: Record<string, string> = { user: "employees.fields", role: "roles.fields" };

/** A change record read as "field: before → after" lines; masked secrets stay masked. */
export function ActivityChanges({ changes, subjectType }: { changes: unknown; subjectType?: string | null }) {
  const { t } = useTranslation();
  if (typeof changes !== "object" || changes === null) return null;
  const entries = Object.entries(changes as Record<string, unknown>);
  if (entries.length === 0) return null;
  return (
    <ul style={{ margin: "4px 0 0", paddingLeft: 18 }} data-testid="activity-changes">
      {entries.map(([field, value]) => (
        <li key={field}>
          <Typography.Text type="secondary">{t(labelKeys(field, subjectType), { defaultValue: field })}: </Typography.Text>
          {isChange(value) ? (
            <>
              <Typography.Text delete>{show(field, changedPart(value).from, t)}</Typography.Text> → <Typography.Text>{show(field, changedPart(value).to, t)}</Typography.Text>
            </>
          ) : (
            <Typography.Text>{show(field, value, t)}</Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}
