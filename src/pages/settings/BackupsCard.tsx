import { useCallback, useEffect, useState } from "react";
import { useCustom } from "@refinedev/core";
import { CloudDownloadOutlined, SaveOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Descriptions, Flex, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { isFinalJobStatus } from "../../../contracts/jobs";
import { backupsApi } from "../../api/backups";
import type { BackupRecord, BackupsReply } from "../../../contracts/backups";
import { StateTag, type StateTone } from "../../components/common/StateTag";
import { failureMessage } from "../../components/form";
import { JobProgress, useJob } from "../../components/jobs";
import { formatFileSize } from "../../i18n/fileSize";
import { formatDateTime } from "../../lib/dates";
import { toast, TOAST_LIFE } from "../../lib/toast";

const STATUS_TONES: Record<BackupRecord["status"], StateTone> = { running: "info", completed: "good", failed: "bad" };

/**
 * Backups on the system settings page (level 0): where the daily one goes and
 * when it runs next, a backup now, and every backup made, the kept ones to
 * download. The command line's backups are listed too (README: Backups).
 */
export function BackupsCard() {
  const { t, i18n } = useTranslation();
  const { result, query } = useCustom<{ data: BackupsReply }>({ url: "/system/backups", method: "get" });
  const data = result.data?.data;
  const { refetch } = query;
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { job } = useJob(jobId);
  const finished = job !== undefined && isFinalJobStatus(job.status);
  useEffect(() => {
    if (finished) void refetch();
  }, [finished, refetch]);

  const start = useCallback(async () => {
    setError(null);
    try {
      const { data: started } = await backupsApi.start();
      setJobId(started.data.job_id);
      toast("info", t("backupsUi.title"), started.message, TOAST_LIFE.default);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }, [t]);

  const download = async (backup: BackupRecord) => {
    setError(null);
    try {
      await backupsApi.download(backup.id, backup.file_name);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };

  const schedule = data?.schedule;
  return (
    <Card title={t("backupsUi.title")} style={{ marginTop: 16, maxWidth: 960 }}>
      <Flex vertical gap={16}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t("backupsUi.directory")}>{schedule?.directory ?? t("backupsUi.noDirectory")}</Descriptions.Item>
          <Descriptions.Item label={t("backupsUi.nextAt")}>{schedule?.next_at ? formatDateTime(schedule.next_at) : t("backupsUi.notScheduled")}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("backupsUi.hint")}
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} />}
        <div>
          <Button icon={<SaveOutlined />} onClick={() => void start()} loading={jobId !== null && !finished} disabled={!schedule?.directory}>
            {t("backupsUi.backUpNow")}
          </Button>
        </div>
        {jobId !== null && <JobProgress jobId={jobId} />}
        <Table<BackupRecord>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          pagination={false}
          dataSource={data?.backups ?? []}
          scroll={{ x: true }}
          locale={{ emptyText: t("backupsUi.empty") }}
          columns={[
            { key: "started_at", title: t("backupsUi.fields.started_at"), render: (_, backup) => formatDateTime(backup.started_at) },
            { key: "made_by", title: t("backupsUi.fields.made_by"), render: (_, backup) => backup.requested_by?.name ?? t(`backupsUi.triggers.${backup.trigger}`) },
            {
              key: "status",
              title: t("backupsUi.fields.status"),
              render: (_, backup) => (
                <Flex vertical gap={2}>
                  <StateTag tone={backup.removed ? "neutral" : STATUS_TONES[backup.status]}>{t(backup.removed ? "backupsUi.removed" : `backupsUi.statuses.${backup.status}`)}</StateTag>
                  {backup.error && <Typography.Text type="danger">{backup.error}</Typography.Text>}
                </Flex>
              ),
            },
            { key: "size", title: t("backupsUi.fields.size"), align: "right", render: (_, backup) => (backup.size_bytes === null ? "—" : formatFileSize(backup.size_bytes, i18n.language)) },
            {
              key: "download",
              title: t("backupsUi.fields.file"),
              render: (_, backup) =>
                backup.downloadable && (
                  <Button size="small" icon={<CloudDownloadOutlined />} onClick={() => void download(backup)} aria-label={t("backupsUi.downloadOne", { name: backup.file_name })}>
                    {t("backupsUi.download")}
                  </Button>
                ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
