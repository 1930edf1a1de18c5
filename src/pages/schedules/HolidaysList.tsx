import { useMemo, useState } from "react";
import { DatePicker, Form, Input, Modal, Select } from "antd";
import { useTranslation } from "react-i18next";
import { HOLIDAY_KINDS, holidayBody, type HolidayKind, type HolidayRecord } from "../../../contracts/schedules";
import { dateFieldProps } from "../../components/common/DateField";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { useDialogForm, zodRules, type DialogForm } from "../../components/form";
import { StateTag } from "../../components/common/StateTag";
import { CreateButton, ListPage, RecordActions, useDateInputFormats, type ListColumn } from "../../components/list";
import { formatCalendarDate, todayIn } from "../../i18n/calendar";

const RULES = zodRules(holidayBody.shape);

type Row = HolidayRecord & { [key: string]: unknown };

/** Years offered around the current one: five back to look up, two ahead to plan. */
const YEARS_BEFORE = 5;
const YEARS_AFTER = 2;

function HolidayDate({ date }: { date: string }) {
  const { i18n } = useTranslation();
  return <>{formatCalendarDate(date, i18n.language)}</>;
}

const KIND_CHOICES = HOLIDAY_KINDS.map((kind) => ({ value: kind, labelKey: `schedulesUi.holidays.kinds.${kind}` }));
/** A day off is marked; a special working day, an ordinary working day, is not. */
const KIND_TONE = { regular: "warning", special_non_working: "info", special_working: "neutral" } as const;

function HolidayKindTag({ kind }: { kind: HolidayKind }) {
  const { t } = useTranslation();
  return <StateTag tone={KIND_TONE[kind]}>{t(`schedulesUi.holidays.kinds.${kind}`)}</StateTag>;
}

// The year chooser is the date filter: the column has none of its own.
const COLUMNS: ListColumn<Row>[] = [
  { field: "date", titleKey: "schedulesUi.holidays.fields.date", kind: "date", filterable: false, render: (row) => <HolidayDate date={row.date} /> },
  { field: "name", titleKey: "schedulesUi.holidays.fields.name", kind: "text", phone: true },
  { field: "kind", titleKey: "schedulesUi.holidays.fields.kind", kind: "choice", choices: KIND_CHOICES, phone: true, render: (row) => <HolidayKindTag kind={row.kind} /> },
];

function HolidayModal({ form, titleKey }: { form: DialogForm<HolidayRecord>; titleKey: string }) {
  const { t } = useTranslation();
  const dateFormats = useDateInputFormats();
  return (
    <Modal {...form.modalProps} title={t(titleKey)} okText={t("common.save")} cancelText={t("common.cancel")}>
      <Form {...form.formProps} layout="vertical">
        <Form.Item name="date" label={t("schedulesUi.holidays.fields.date")} rules={RULES.date} {...dateFieldProps}>
          <DatePicker format={dateFormats} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="name" label={t("schedulesUi.holidays.fields.name")} rules={RULES.name}>
          <Input />
        </Form.Item>
        <Form.Item name="kind" label={t("schedulesUi.holidays.fields.kind")} rules={RULES.kind} initialValue="regular" extra={t("schedulesUi.holidays.kindHint")}>
          <Select options={KIND_CHOICES.map((choice) => ({ value: choice.value, label: t(choice.labelKey) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Company holidays, one year at a time in date order: days off (or special working days) for everyone, whatever their schedule. */
export function HolidaysList() {
  const { t, i18n } = useTranslation();
  const { profile } = useCompanyProfile();
  const thisYear = Number(todayIn(profile?.time_zone).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const create = useDialogForm<HolidayRecord>("holidays", "create");
  const edit = useDialogForm<HolidayRecord>("holidays", "edit");
  // The API's date filters are before and after a day: the year is after the eve of its first day and before the next one's.
  const inYear = useMemo(
    () => [
      { field: "date", operator: "gt" as const, value: `${year - 1}-12-31` },
      { field: "date", operator: "lt" as const, value: `${year + 1}-01-01` },
    ],
    [year],
  );
  const years = Array.from({ length: YEARS_BEFORE + YEARS_AFTER + 1 }, (_, index) => thisYear - YEARS_BEFORE + index);
  return (
    <>
      <ListPage<Row>
        resource="holidays"
        titleKey="schedulesUi.holidays.title"
        columns={COLUMNS}
        initialSorters={[{ field: "date", order: "asc" }]}
        permanentFilters={inYear}
        toolbar={
          <Select
            aria-label={t("schedulesUi.holidays.year")}
            value={year}
            onChange={setYear}
            options={years.map((value) => ({ value, label: String(value) }))}
            style={{ width: 100 }}
          />
        }
        createButton={<CreateButton resource="holidays" labelKey="schedulesUi.holidays.create" onClick={() => create.show()} />}
        rowActions={(row) => (
          <RecordActions
            resource="holidays"
            row={row}
            onEdit={edit.show}
            editLabel={t("schedulesUi.holidays.edit")}
            deleteLabel={t("schedulesUi.holidays.delete")}
            deleteConfirm={t("schedulesUi.holidays.deleteConfirm", { name: row.name, date: formatCalendarDate(row.date, i18n.language) })}
          />
        )}
      />
      <HolidayModal form={create} titleKey="schedulesUi.holidays.create" />
      <HolidayModal form={edit} titleKey="schedulesUi.holidays.edit" />
    </>
  );
}
