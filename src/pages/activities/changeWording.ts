import type { TFunction } from "i18next";
import { ACTIVITY_HIDDEN_KEYS, ACTIVITY_MONEY_KEYS, referenceKey, referenceKindOf, type ActivityRecord } from "../../../contracts/activities";
import { formatMoney } from "../../../contracts/money";
import { formatDay, runName } from "../../components/payroll/format";
import { formatFileSize } from "../../i18n/fileSize";
import { findLanguage } from "../../i18n/languages";
import { formatDateTime } from "../../lib/dates";
import { valueLabel } from "./valueLabels";
import { numberFormat } from "../../../contracts/intl";

/** A run's name as the reader reads it (a default name worded, a typed one as typed). */
const runNameIn = (name: string, t: TFunction, language: string) => runName(name, language, (key, values) => t(key, values));

/** One line of a change record as a person reads it: a field's label and its value, or its value before and after. */
export interface ChangeLine {
  field: string;
  label: string;
  value?: string;
  from?: string;
  to?: string;
}

export type WordedRecord = Pick<ActivityRecord, "changes" | "subject_type" | "names" | "currency">;

/** Where each kind of subject keeps its forms' field labels; the log's own labels (activities.changeFields) cover the rest. */
const FIELD_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  user: ["employees.fields", "payHistory.fields", "leave.balances.fields"],
  role: ["roles.fields"],
  location: ["locations.fields"],
  schedule: ["schedulesUi.fields"],
  holiday: ["schedulesUi.holidays.fields"],
  leave_type: ["leave.types.fields"],
  leave_request: ["leave.requests.fields"],
  pay_component: ["payrollUi.components.fields"],
  rate_table: ["payrollUi.tables.fields"],
  pay_override: ["payrollUi.overrides.fields"],
  payroll: ["payrollUi.runs.columns"],
  payslip: ["payslipsAdmin.adjustments.fields"],
  company: ["settings.company.fields"],
  settings: ["settings.payroll.fields", "settings.system.fields"],
  notification: ["notificationsUi.broadcast.fields"],
};

/** Keys inside an object whose labels live elsewhere: the notification defaults' keys are notification types. */
const PARENT_SECTIONS: Readonly<Record<string, string>> = { defaults: "settings.notificationTypes", notifications: "settings.notificationTypes" };

/** A long list of names (a run's people) reads as its first few and how many more. */
const LISTED = 5;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

type Change = { from: unknown; to: unknown };

const isChange = (value: unknown): value is Change =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 2 && "from" in value && "to" in value;
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Of two objects (preferences before and after), only the keys that changed, so a theme switch does not list the language. */
function changedPart(change: Change): Change {
  if (!isPlainObject(change.from) || !isPlainObject(change.to)) return change;
  const before = change.from;
  const after = change.to;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (keys.length === 0) return change;
  return { from: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])), to: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])) };
}

/**
 * A log row's changes in words: labels for field names, names for ids (from
 * the row's `names`), money in its currency, dates and numbers as the reader's
 * language writes them, choices by their labels. Written once for every kind
 * of subject; nothing shown is an id or an amount in minor units.
 */
export function changeLines(record: WordedRecord, t: TFunction, language: string): ChangeLine[] {
  const locale = findLanguage(language)?.htmlLang ?? "en";
  const subjectType = record.subject_type;
  const empty = t("activities.empty");
  const wordRunName = (name: string) => runNameIn(name, t, language);

  const label = (field: string, parent?: string): string => {
    const keys = [
      ...(parent && PARENT_SECTIONS[parent] ? [`${PARENT_SECTIONS[parent]}.${field}`] : []),
      ...(subjectType ? (FIELD_SECTIONS[subjectType] ?? []) : []).map((section) => `${section}.${field}`),
      `activities.changeFields.${field}`,
      `employees.fields.${field}`,
    ];
    return t(keys, { defaultValue: field });
  };

  const reference = (key: string, id: number, parent: string | undefined): string | undefined => {
    const kind = referenceKindOf(key, parent);
    if (!kind) return undefined;
    if (kind === "file") return t("activities.values.image");
    const name = record.names[referenceKey(kind, id)];
    if (name === undefined) return t("activities.values.removed");
    return kind === "payroll" ? wordRunName(name) : name;
  };

  const number = (key: string, value: number): string => {
    if (ACTIVITY_MONEY_KEYS.has(key) && Number.isInteger(value)) {
      return record.currency ? formatMoney(value, record.currency, locale) : numberFormat(locale, { minimumFractionDigits: 2 }).format(value / 100);
    }
    if (key === "bytes") return formatFileSize(value, language);
    return numberFormat(locale, { maximumFractionDigits: 6, useGrouping: key !== "year" }).format(value);
  };

  const show = (key: string, value: unknown, parent?: string): string => {
    if (value === null || value === undefined || value === "") return empty;
    if (typeof value === "number" && Number.isInteger(value)) {
      const named = reference(key, value, parent);
      if (named !== undefined) return named;
    }
    if (Array.isArray(value)) {
      if (value.length === 0) return empty;
      const shown = value.length > LISTED + 1 ? value.slice(0, LISTED) : value;
      const rest = value.length - shown.length;
      return [...shown.map((item) => show(key, item, parent)), ...(rest > 0 ? [t("activities.values.more", { count: rest })] : [])].join(", ");
    }
    if (isChange(value)) {
      const part = changedPart(value);
      return `${show(key, part.from, parent)} → ${show(key, part.to, parent)}`;
    }
    if (isPlainObject(value)) {
      const entries = Object.entries(value).filter(([inner]) => !ACTIVITY_HIDDEN_KEYS.has(inner));
      return entries.length === 0 ? empty : entries.map(([inner, item]) => `${label(inner, key)}: ${show(inner, item, key)}`).join(", ");
    }
    if (typeof value === "number") return number(key, value);
    if (typeof value === "string") {
      if (DATE.test(value)) return formatDay(value, language);
      if (MOMENT.test(value)) return formatDateTime(value);
      if (key === "name" && (subjectType === "payroll" || parent === "runs")) return wordRunName(value);
    }
    if (typeof value === "string" || typeof value === "boolean") return valueLabel(key, value, t, { subjectType, parent });
    return String(value);
  };

  if (!isPlainObject(record.changes)) return [];
  return Object.entries(record.changes)
    .filter(([field]) => !ACTIVITY_HIDDEN_KEYS.has(field))
    .map(([field, value]): ChangeLine => {
      if (!isChange(value)) return { field, label: label(field), value: show(field, value) };
      const part = changedPart(value);
      return { field, label: label(field), from: show(field, part.from), to: show(field, part.to) };
    });
}

/** "Person · Alex Admin", "Payroll run · Payroll Nov 1 – 30, 2026": the subject's kind in the reader's language and what it is called. */
export function subjectWords(record: Pick<ActivityRecord, "subject_type" | "subject_id" | "subject_name">, t: TFunction, language: string): string {
  if (!record.subject_type) return "—";
  const kind = t(`activities.subjects.${record.subject_type}`, { defaultValue: record.subject_type });
  if (record.subject_id === null) return kind;
  const name =
    record.subject_name === null
      ? t("activities.values.removed")
      : record.subject_type === "payroll"
        ? runNameIn(record.subject_name, t, language)
        : record.subject_name;
  return `${kind} · ${name}`;
}

/** The changes as one line of text (the CSV export's cell). */
export function changesText(record: WordedRecord, t: TFunction, language: string): string {
  return changeLines(record, t, language)
    .map((line) => `${line.label}: ${line.value ?? `${line.from} → ${line.to}`}`)
    .join("; ");
}
