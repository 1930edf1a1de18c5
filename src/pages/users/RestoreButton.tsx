import { UndoOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { usersApi } from "../../api/users";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { useToastAction } from "../../components/common/useToastAction";

/** Brings an archived person back (listed again, able to sign in), after a question. */
export function RestoreButton({ person, size, onRestored }: { person: { id: number; name: string }; size?: "small"; onRestored?: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { busy, run: restore } = useToastAction(() => usersApi.restore(person.id), {
    onSuccess: () => {
      void invalidate({ resource: "users", invalidates: ["all"] });
      onRestored?.();
    },
  });
  return (
    <ConfirmAction title={t("employees.restoreConfirm", { name: person.name })} description={t("employees.restoreExplains")} okText={t("employees.restore")} onConfirm={restore}>
      <Button size={size} icon={<UndoOutlined />} loading={busy} aria-label={size ? t("employees.restoreNamed", { name: person.name }) : undefined}>
        {size ? null : t("employees.restore")}
      </Button>
    </ConfirmAction>
  );
}
