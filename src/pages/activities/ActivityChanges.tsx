import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { changeLines, type WordedRecord } from "./changeWording";

/** A change record read as "field: before → after" lines, in words (changeWording.ts); masked secrets stay masked. */
export function ActivityChanges({ record }: { record: WordedRecord }) {
  const { t, i18n } = useTranslation();
  const lines = changeLines(record, t, i18n.language);
  if (lines.length === 0) return null;
  return (
    <ul style={{ margin: "4px 0 0", paddingLeft: 18 }} data-testid="activity-changes">
      {lines.map((line) => (
        <li key={line.field}>
          <Typography.Text type="secondary">{line.label}: </Typography.Text>
          {line.value === undefined ? (
            <>
              <Typography.Text delete>{line.from}</Typography.Text> → <Typography.Text>{line.to}</Typography.Text>
            </>
          ) : (
            <Typography.Text>{line.value}</Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}
