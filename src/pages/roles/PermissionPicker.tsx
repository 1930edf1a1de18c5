import { Card, Checkbox, Col, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PERMISSION_CATALOGUE } from "../../../contracts/permissions";

interface PermissionPickerProps {
  value?: string[];
  onChange?: (value: string[]) => void;
}

/** The permission catalogue as grouped checkboxes, one card per area. */
export function PermissionPicker({ value = [], onChange }: PermissionPickerProps) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const toggle = (name: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(name);
    else next.delete(name);
    onChange?.(PERMISSION_CATALOGUE.flatMap((group) => group.permissions).filter((permission) => next.has(permission)));
  };
  return (
    <Row gutter={[12, 12]}>
      {PERMISSION_CATALOGUE.map((group) => (
        <Col xs={24} md={12} key={group.area}>
          <Card size="small" title={t(`permissions.areas.${group.area}`)}>
            {group.permissions.map((name) => (
              <div key={name}>
                <Checkbox checked={chosen.has(name)} onChange={(event) => toggle(name, event.target.checked)}>
                  {t(`permissions.names.${name}`)}
                </Checkbox>
              </div>
            ))}
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <Typography.Text type="secondary">{t("roles.levelHint")}</Typography.Text>
      </Col>
    </Row>
  );
}
