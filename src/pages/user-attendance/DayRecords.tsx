import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Card, Descriptions, Flex, Modal, Space, Spin, Typography } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { AttendanceRecord } from "../../../contracts/attendance";
import { clockTime, hoursMinutes, workDate } from "../../components/attendance/time";
import { wallClockOf } from "../../components/attendance/zonedTime";
import { formatCount } from "../../i18n/numbers";
import { StateTag } from "../../components/common/StateTag";

/** A moment of the record, with its date when it falls on another day than the record's (a night shift's clock-out). */
export function useMomentLabel(zone: string) {
  const { i18n } = useTranslation();
  return (iso: string, day: string) => {
    const time = clockTime(iso, zone, i18n.language);
    const date = wallClockOf(iso, zone).date;
    return date === day ? time : `${time} (${workDate(date, i18n.language)})`;
  };
}

/** "9:00 AM – 6:05 PM", or "9:00 AM – still in". */
export function useSpanLabel(zone: string) {
  const { t } = useTranslation();
  const moment = useMomentLabel(zone);
  return (record: AttendanceRecord) =>
    t("userAttendance.records.span", { from: moment(record.clock_in_at, record.work_date), to: record.clock_out_at ? moment(record.clock_out_at, record.work_date) : t("userAttendance.records.stillIn") });
}

function RecordCard({ record, zone, canCorrect, onEdit, onRemove }: { record: AttendanceRecord; zone: string; canCorrect: boolean; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const moment = useMomentLabel(zone);
  const span = useSpanLabel(zone)(record);
  const place = (location: AttendanceRecord["in_location"], distance: number | null) =>
    location ? (distance === null ? location.name : t("userAttendance.records.distance", { name: location.name, distance: formatCount(distance) })) : "—";
  const breaks = record.breaks.map((entry) =>
    t("userAttendance.records.span", { from: moment(entry.started_at, record.work_date), to: entry.ended_at ? moment(entry.ended_at, record.work_date) : t("userAttendance.records.stillOnBreak") }),
  );
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <span>{span}</span>
          <StateTag tone={record.source === "manual" ? "info" : "neutral"}>{t(`userAttendance.records.sources.${record.source}`)}</StateTag>
          {record.remote && <StateTag tone="warning">{t("userAttendance.records.remote")}</StateTag>}
        </Space>
      }
      extra={
        canCorrect && (
          <Space>
            <Button size="small" icon={<EditOutlined />} aria-label={t("userAttendance.actions.editLabel", { span })} onClick={onEdit}>
              {t("userAttendance.actions.edit")}
            </Button>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("userAttendance.actions.deleteLabel", { span })} onClick={onRemove}>
              {t("common.delete")}
            </Button>
          </Space>
        )
      }
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t("userAttendance.records.worked")}>{hoursMinutes(record.worked_minutes)}</Descriptions.Item>
        <Descriptions.Item label={t("userAttendance.records.breaks")}>{breaks.length ? breaks.join(", ") : t("userAttendance.records.noBreaks")}</Descriptions.Item>
        <Descriptions.Item label={t("userAttendance.records.inAt")}>{place(record.in_location, record.in_distance_m)}</Descriptions.Item>
        <Descriptions.Item label={t("userAttendance.records.outAt")}>{place(record.out_location, record.out_distance_m)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export interface DayRecordsProps {
  date: string;
  records: AttendanceRecord[] | undefined;
  zone: string;
  canCorrect: boolean;
  onAdd: () => void;
  onEdit: (record: AttendanceRecord) => void;
  onRemove: (record: AttendanceRecord) => void;
  onClose: () => void;
}

/** A day's records as they were clocked or entered (GET /api/attendance/records), each correctable by attendance administrators. */
export function DayRecords({ date, records, zone, canCorrect, onAdd, onEdit, onRemove, onClose }: DayRecordsProps) {
  const { t, i18n } = useTranslation();
  const closeButton = useRef<HTMLButtonElement>(null);
  // A correction's dialog leaves the page when saved, and a deleted record takes the button that opened it along:
  // the keyboard comes back here, not to the start of the page.
  useEffect(() => {
    if (records && (document.activeElement === null || document.activeElement === document.body)) closeButton.current?.focus();
  }, [records]);
  return (
    <Modal
      open
      onCancel={onClose}
      title={t("userAttendance.records.title", { date: workDate(date, i18n.language, { withYear: true }) })}
      width={640}
      footer={
        <Flex justify="space-between" gap={8} wrap>
          {canCorrect ? (
            <Button icon={<PlusOutlined />} onClick={onAdd}>
              {t("userAttendance.actions.add")}
            </Button>
          ) : (
            <span />
          )}
          <Button ref={closeButton} type="primary" onClick={onClose}>
            {t("userAttendance.records.close")}
          </Button>
        </Flex>
      }
    >
      {records === undefined ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : records.length === 0 ? (
        <Typography.Paragraph>{t("userAttendance.records.none")}</Typography.Paragraph>
      ) : (
        <Flex vertical gap={12}>
          {records.map((record) => (
            <RecordCard key={record.id} record={record} zone={zone} canCorrect={canCorrect} onEdit={() => onEdit(record)} onRemove={() => onRemove(record)} />
          ))}
        </Flex>
      )}
    </Modal>
  );
}
