import { PlusOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { useCustom, useInvalidate } from "@refinedev/core";
import { Button, Flex, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { AttendanceRecord } from "../../../contracts/attendance";
import { PersonDays } from "../../components/attendance/PersonDays";
import { workDate } from "../../components/attendance/time";
import { PeoplePicker } from "../../components/common/PeoplePicker";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { usePolicy } from "../../auth/usePolicy";
import { DayRecords } from "./DayRecords";
import { EntryDialog } from "./EntryDialog";
import { RemoveDialog } from "./RemoveDialog";
import { PageTitle } from "../../components/common/PageTitle";

const PICKER_ID = "user-attendance-person";

/** The person of `?user_id=`: a positive whole number, else nobody yet. */
function personOf(value: string | null): number | undefined {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/**
 * /user-attendance: one person's days for those who may see anyone's
 * attendance, the person kept in the address (?user_id=) so the page can be
 * shared and reloaded. A day opens its records; attendance administrators
 * enter, correct and remove them there, each with a reason.
 */
export default function UserAttendancePage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const userId = personOf(params.get("user_id"));
  const may = usePolicy();
  const canCorrect = may("attendance.correct");
  const zone = useCompanyProfile().profile?.time_zone;
  const invalidate = useInvalidate();
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [entry, setEntry] = useState<{ record?: AttendanceRecord; date?: string } | null>(null);
  const [removing, setRemoving] = useState<AttendanceRecord | null>(null);
  const records = useCustom<{ data: AttendanceRecord[] }>({
    url: "/attendance/records",
    method: "get",
    config: { query: { user_id: userId, from: openDay, to: openDay } },
    queryOptions: { enabled: userId !== undefined && openDay !== null },
  });

  const choose = (id: number | undefined) => {
    setOpenDay(null);
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id === undefined) next.delete("user_id");
      else next.set("user_id", String(id));
      return next;
    });
  };
  const afterWrite = () => {
    setEntry(null);
    setRemoving(null);
    void invalidate({ resource: "user-attendance", invalidates: ["list"] });
    if (openDay !== null) void records.query.refetch();
  };

  const picker = (
    <Flex align="center" gap={8} wrap>
      <label htmlFor={PICKER_ID}>{t("userAttendance.person")}</label>
      <PeoplePicker id={PICKER_ID} value={userId} onChange={choose} placeholder={t("userAttendance.personPlaceholder")} style={{ width: 280, maxWidth: "100%" }} />
    </Flex>
  );

  if (userId === undefined) {
    return (
      <section>
        <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
          <PageTitle style={{ margin: 0 }}>
            {t("userAttendance.title")}
          </PageTitle>
          {picker}
        </Flex>
        <Typography.Paragraph>{t("userAttendance.choosePerson")}</Typography.Paragraph>
      </section>
    );
  }

  return (
    <>
      <PersonDays
        userId={userId}
        titleKey="userAttendance.title"
        toolbar={picker}
        createButton={
          canCorrect &&
          zone && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEntry({})}>
              {t("userAttendance.actions.add")}
            </Button>
          )
        }
        rowActions={(day) => (
          <Button size="small" icon={<UnorderedListOutlined />} aria-label={t("userAttendance.records.open", { date: workDate(day.date, i18n.language, { withYear: true }) })} onClick={() => setOpenDay(day.date)}>
            {t("userAttendance.records.button")}
          </Button>
        )}
      />
      {openDay !== null && zone && (
        <DayRecords
          date={openDay}
          records={records.result.data?.data}
          zone={zone}
          canCorrect={canCorrect}
          onAdd={() => setEntry({ date: openDay })}
          onEdit={(record) => setEntry({ record })}
          onRemove={setRemoving}
          onClose={() => setOpenDay(null)}
        />
      )}
      {entry && zone && <EntryDialog userId={userId} zone={zone} record={entry.record} date={entry.date} onClose={() => setEntry(null)} onSaved={afterWrite} />}
      {removing && zone && <RemoveDialog record={removing} zone={zone} onClose={() => setRemoving(null)} onRemoved={afterWrite} />}
    </>
  );
}
