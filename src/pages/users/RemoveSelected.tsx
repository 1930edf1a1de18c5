import { useState } from "react";
import { DeleteOutlined } from "@ant-design/icons";
import { useDeleteMany } from "@refinedev/core";
import { Alert, Button, List, Modal, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { RemovalPreview } from "../../../contracts/users";
import { usersApi } from "../../api/users";
import { StateTag, type StateTone } from "../../components/common/StateTag";
import { failureMessage, writeNotifications } from "../../components/form";
import type { BulkSelection } from "../../components/list";
import { ItemMeta } from "../../components/common/ItemMeta";

const TONE: Record<RemovalPreview["outcome"], StateTone> = { deleted: "bad", archived: "neutral", refused: "warning" };

/** What happens to one person, and why: the records that keep them, or the refusal. */
function Outcome({ person }: { person: RemovalPreview }) {
  const { t } = useTranslation();
  const why =
    person.outcome === "archived"
      ? t("employees.removal.keptBy", { records: person.history.map((kind) => t(`employees.removal.kinds.${kind}`)).join(t("employees.removal.separator")) })
      : person.outcome === "refused"
        ? person.reason
        : t("employees.removal.nothingAttached");
  return (
    <List.Item>
      <ItemMeta
        title={
          <>
            <Typography.Text strong>{person.name}</Typography.Text> <StateTag tone={TONE[person.outcome]}>{t(`employees.removal.outcomes.${person.outcome}`)}</StateTag>
          </>
        }
        description={why}
      />
    </List.Item>
  );
}

/**
 * Deleting people from the list's selection: first what will happen to each
 * (deleted, archived with the records that keep them, or refused), then one
 * confirmation for those that can go.
 */
export function RemoveSelected({ ids, clear }: BulkSelection) {
  const { t } = useTranslation();
  const { mutate, mutation } = useDeleteMany();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<RemovalPreview[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const show = async () => {
    setOpen(true);
    setPreview(null);
    setFailure(null);
    try {
      setPreview(await usersApi.removalPreview(ids.map(Number)));
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };
  const going = preview?.filter((person) => person.outcome !== "refused") ?? [];
  const count = (outcome: RemovalPreview["outcome"]) => preview?.filter((person) => person.outcome === outcome).length ?? 0;
  const confirm = () =>
    mutate(
      { resource: "users", ids: going.map((person) => person.id), ...writeNotifications },
      {
        onSuccess: () => {
          setOpen(false);
          clear();
        },
      },
    );

  return (
    <>
      <Button danger size="small" icon={<DeleteOutlined />} onClick={() => void show()}>
        {t("employees.deleteSelected")}
      </Button>
      <Modal
        open={open}
        title={t("employees.deleteSelectedConfirm", { count: ids.length })}
        onCancel={() => setOpen(false)}
        okText={t("employees.removal.confirm", { deleted: count("deleted"), archived: count("archived") })}
        okButtonProps={{ danger: true, disabled: going.length === 0, loading: mutation.isPending }}
        cancelText={t("common.cancel")}
        onOk={confirm}
        destroyOnHidden
      >
        {failure && <Alert type="error" showIcon message={failure} />}
        {!preview && !failure && <Spin aria-label={t("employees.removal.loading")} />}
        {preview && (
          <>
            <Typography.Paragraph>{t("employees.deleteExplains")}</Typography.Paragraph>
            <List size="small" dataSource={preview} rowKey="id" renderItem={(person) => <Outcome person={person} />} data-testid="removal-preview" />
          </>
        )}
      </Modal>
    </>
  );
}
