import { useCallback, useEffect, useId, useState } from "react";
import { useCustom } from "@refinedev/core";
import { CloudDownloadOutlined, SaveOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Descriptions, Flex, Grid, Table, Typography } from "antd";
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
  // On a phone the table keeps the time, the state and the download; who made it and the size go under the time.
  const phone = Grid.useBreakpoint().sm === false;
  const { result, query } = useCustom<{ data: BackupsReply }>({ url: "/system/backups", method: "get" });
  const data = result.data?.data;
  const { refetch } = query;
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { job, failedToLoad } = useJob(jobId);
  const finished = job !== undefined && isFinalJobStatus(job.status);
  // Following the job stopped (refused, gone, the network): the job may still run, but the button waits no longer.
  const busy = jobId !== null && !finished && !failedToLoad;
  const reasonId = useId();
  // Listed once it runs (its row says so), and again when it ends.
  const running = job?.status === "running";
  useEffect(() => {
    if (running || finished) void refetch();
  }, [running, finished, refetch]);

  const start = useCallback(async () => {
    setError(null);
    try {
      const { data: started } = await backupsApi.start();
      setJobId(started.data.job_id);
      toast("info", t("backupsUi.backUpNow"), started.message, TOAST_LIFE.default);
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

  const madeBy = (backup: BackupRecord) => backup.requested_by?.name ?? t(`backupsUi.triggers.${backup.trigger}`);
  const schedule = data?.schedule;
  // The server refuses a backup now (409) without a backup folder: say so beside the button rather than let it be pressed.
  const noDirectory = schedule !== undefined && !schedule.directory;
  return (
    <Card title={t("backupsUi.title")} style={{ marginTop: 16, maxWidth: 960 }}>
      <Flex vertical gap={16}>
        {/* A phone puts each label over its value: beside it, a long label ("Dossier des sauvegardes sur le serveur") left the folder a few letters a line. */}
        <Descriptions column={1} size="small" layout={phone ? "vertical" : "horizontal"}>
          <Descriptions.Item label={t("backupsUi.directory")}>{schedule?.directory ?? t("backupsUi.noDirectory")}</Descriptions.Item>
          <Descriptions.Item label={t("backupsUi.nextAt")}>{schedule?.next_at ? formatDateTime(schedule.next_at) : t("backupsUi.notScheduled")}</Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("backupsUi.hint")}
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} />}
        <Flex wrap align="center" gap={8}>
          <Button icon={<SaveOutlined />} onClick={() => void start()} loading={busy} disabled={!schedule?.directory} aria-describedby={noDirectory ? reasonId : undefined}>
            {t("backupsUi.backUpNow")}
          </Button>
          {noDirectory && (
            <Typography.Text id={reasonId} type="secondary">
              {t("backups.noDirectory")}
            </Typography.Text>
          )}
        </Flex>
        {jobId !== null && <JobProgress jobId={jobId} />}
        <Table<BackupRecord>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          pagination={false}
          dataSource={data?.backups ?? []}
          scroll={{ x: true }}
          locale={{ emptyText: <Typography.Text type="secondary">{t(noDirectory ? "backupsUi.emptyNoDirectory" : "backupsUi.empty")}</Typography.Text> }}
          columns={[
            {
              key: "started_at",
              title: t("backupsUi.fields.started_at"),
              render: (_, backup) => (
                <Flex vertical gap={2} align="flex-start">
                  <time dateTime={backup.started_at}>{formatDateTime(backup.started_at)}</time>
                  {/* A phone has no room for their columns: who made it and its size go under the time. */}
                  {phone && <Typography.Text type="secondary">{madeBy(backup)}</Typography.Text>}
                  {phone && backup.size_bytes !== null && <Typography.Text type="secondary">{formatFileSize(backup.size_bytes, i18n.language)}</Typography.Text>}
                </Flex>
              ),
            },
            ...(phone ? [] : [{ key: "made_by", title: t("backupsUi.fields.made_by"), render: (_: unknown, backup: BackupRecord) => madeBy(backup) }]),
            {
              key: "status",
              title: t("backupsUi.fields.status"),
              render: (_, backup) => (
                <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 320 }}>
                  {/* A tag does not wrap by default: "File removed (kept backups)" would widen a phone's table. */}
                  <StateTag tone={backup.removed ? "neutral" : STATUS_TONES[backup.status]} style={{ whiteSpace: "normal", marginInlineEnd: 0 }}>
                    {t(backup.removed ? "backupsUi.removed" : `backupsUi.statuses.${backup.status}`)}
                  </StateTag>
                  {backup.error && <Typography.Text type="danger">{backup.error}</Typography.Text>}
                </Flex>
              ),
            },
            ...(phone
              ? []
              : [
                  {
                    key: "size",
                    title: t("backupsUi.fields.size"),
                    align: "right" as const,
                    render: (_: unknown, backup: BackupRecord) => <span style={{ whiteSpace: "nowrap" }}>{backup.size_bytes === null ? "—" : formatFileSize(backup.size_bytes, i18n.language)}</span>,
                  },
                ]),
            {
              key: "file",
              title: t("backupsUi.fields.file"),
              render: (_, backup) => {
                const button = backup.downloadable && (
                  <Button size="small" icon={<CloudDownloadOutlined />} onClick={() => void download(backup)} aria-label={t("backupsUi.downloadOne", { name: backup.file_name })} title={phone ? t("backupsUi.download") : undefined}>
                    {!phone && t("backupsUi.download")}
                  </Button>
                );
                if (phone) return button;
                // The name is long (paydesk-backup-<date and time>.jsonl.gz) and its end tells backups apart: it wraps
                // at its hyphens rather than being cut; the button's label names it too.
                return (
                  <Flex align="center" gap={8}>
                    <Typography.Text type="secondary" style={{ display: "block", maxWidth: 200, overflowWrap: "break-word" }}>
                      {backup.file_name}
                    </Typography.Text>
                    {button}
                  </Flex>
                );
              },
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
