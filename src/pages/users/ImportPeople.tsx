import { useState } from "react";
import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import { Alert, Button, Flex } from "antd";
import { useTranslation } from "react-i18next";
import { INVITATION_LINK_DAYS } from "../../../contracts/auth";
import { PEOPLE_IMPORT_MAX_BYTES } from "../../../contracts/people-import";
import { peopleImportApi } from "../../api/people-import";
import { SpreadsheetImportDialog } from "../../components/common/SpreadsheetImportDialog";
import { failureMessage } from "../../components/form";
import { toast } from "../../lib/toast";

/** The template, in either format, from the dialog that takes it back filled in. */
function TemplateButtons() {
  const { t } = useTranslation();
  const download = (format: "xlsx" | "csv") => peopleImportApi.template(format).catch((failure: unknown) => toast("error", failureMessage(failure)));
  return (
    <Flex gap={8} wrap>
      <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void download("xlsx")}>
        {t("peopleImportUi.templateXlsx")}
      </Button>
      <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void download("csv")}>
        {t("peopleImportUi.templateCsv")}
      </Button>
    </Flex>
  );
}

/** The Employees list's import: a filled-in template creates everyone in it, each invited to choose their password. */
export function ImportPeople() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const invalidate = useInvalidate();
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t("peopleImportUi.open")}
      </Button>
      <SpreadsheetImportDialog
        open={open}
        title={t("peopleImportUi.title")}
        intro={
          <>
            <Alert type="info" showIcon message={t("peopleImportUi.explains", { count: INVITATION_LINK_DAYS })} />
            <TemplateButtons />
          </>
        }
        submitLabel={t("peopleImportUi.submit")}
        maxBytes={PEOPLE_IMPORT_MAX_BYTES}
        submit={peopleImportApi.import}
        onClose={() => setOpen(false)}
        onImported={() => void invalidate({ resource: "users", invalidates: ["list"] })}
      />
    </>
  );
}
