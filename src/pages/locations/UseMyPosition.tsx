import { useState } from "react";
import { AimOutlined } from "@ant-design/icons";
import { Alert, Button, Form } from "antd";
import { useTranslation } from "react-i18next";
import { useGeolocation, type Fix } from "../../components/attendance/useGeolocation";
import { formatCount } from "../../i18n/numbers";

/** Six decimals of a degree are about ten centimetres: more is noise the API would store. */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

function Outcome({ fix, radius }: { fix: Fix; radius: unknown }) {
  const { t } = useTranslation();
  switch (fix.status) {
    case "idle":
    case "locating":
      return null;
    case "found": {
      const accuracy = Math.round(fix.position.accuracy);
      // A position vaguer than the circle could put its centre outside the building.
      const vague = typeof radius === "number" && accuracy > radius;
      return (
        <Alert
          type={vague ? "warning" : "success"}
          showIcon
          message={t("locationsUi.position.found", { accuracy: formatCount(accuracy) })}
          description={vague ? t("locationsUi.position.vague", { accuracy: formatCount(accuracy), radius: formatCount(radius) }) : t("locationsUi.position.check")}
        />
      );
    }
    default:
      return <Alert type="warning" showIcon message={t(`attendanceUi.location.${fix.status}.title`)} description={t(`locationsUi.position.${fix.status}`)} />;
  }
}

/**
 * Fills the location's centre with where the browser says this device is,
 * for whoever sets a location up on the spot; says how sure the browser is,
 * or why it gave no position. Asked only when pressed.
 */
export function UseMyPosition() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const radius: unknown = Form.useWatch("radius_m", form);
  const { fix, locate } = useGeolocation();
  // The hook finds the position by itself where the browser already allows it: say nothing until asked.
  const [asked, setAsked] = useState(false);
  const use = async () => {
    setAsked(true);
    const result = await locate();
    if (result.status !== "found") return;
    form.setFieldsValue({ latitude: round(result.position.latitude), longitude: round(result.position.longitude) });
    await form.validateFields(["latitude", "longitude"]).catch(() => undefined);
  };
  return (
    <div style={{ marginBottom: 24 }}>
      <Button icon={<AimOutlined aria-hidden />} loading={asked && fix.status === "locating"} onClick={() => void use()}>
        {t("locationsUi.position.use")}
      </Button>
      <div aria-live="polite" style={{ marginTop: 8 }}>
        {asked && <Outcome fix={fix} radius={radius} />}
      </div>
    </div>
  );
}
