import { useEffect } from "react";
import { useCustom } from "@refinedev/core";
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row } from "antd";
import { useTranslation } from "react-i18next";
import { ownProfileBody, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, type UserRecord } from "../../../contracts/users";
import { meApi, type OwnProfileChanges } from "../../api/me";
import { fetchUser } from "../../auth/store";
import { FullPageSpinner } from "../../components/common/FullPageSpinner";
import { ImageUpload } from "../../components/common/ImageUpload";
import { useFormSubmit, zodRules } from "../../components/form";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { DevicesCard } from "./DevicesCard";
import { TwoFactorCard } from "./TwoFactorCard";
import { PageTitle } from "../../components/common/PageTitle";

const CONTACT_FIELDS = ["first_name", "last_name", "phone", "address", "emergency_contact_name", "emergency_contact_phone"] as const;
const RULES = zodRules(ownProfileBody.shape);

/** /profile: one's own details, picture, password, two-factor sign-in and signed-in devices. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { result, query } = useCustom<{ data: UserRecord }>({ url: "/user", method: "get" });
  const me = result.data?.data;
  const { form, formProps, busy, error } = useFormSubmit<OwnProfileChanges>({
    submit: async (values) => {
      const { data } = await meApi.updateProfile(values);
      await refresh();
      toast("success", t("profile.title"), data.message, TOAST_LIFE.long);
    },
  });

  useEffect(() => {
    if (me) form.setFieldsValue(Object.fromEntries(CONTACT_FIELDS.map((field) => [field, me[field]])));
  }, [me, form]);

  // The header shows the name and picture: refresh the session's copy too.
  const refresh = async () => {
    await Promise.all([query.refetch(), fetchUser()]);
  };

  const uploadPicture = async (file: File) => {
    const { data } = await meApi.uploadPicture(file);
    await refresh();
    toast("success", t("profile.title"), data.message, TOAST_LIFE.long);
  };

  if (!me) return <FullPageSpinner />;
  return (
    <>
      <PageTitle style={{ marginTop: 0 }}>
        {t("profile.title")}
      </PageTitle>
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Card style={{ marginBottom: 16, textAlign: "center" }}>
            <ImageUpload imageUrl={me.profile_picture_url} accept={PROFILE_PICTURE_TYPES} maxBytes={PROFILE_PICTURE_MAX_BYTES} upload={uploadPicture} />
            <Descriptions column={1} size="small" style={{ marginTop: 16, textAlign: "left" }}>
              <Descriptions.Item label={t("employees.fields.email")}>{me.email}</Descriptions.Item>
              <Descriptions.Item label={t("employees.fields.employee_number")}>{me.employee_number ?? "—"}</Descriptions.Item>
              <Descriptions.Item label={t("employees.fields.position")}>{me.position ?? "—"}</Descriptions.Item>
              <Descriptions.Item label={t("employees.fields.role")}>{me.role?.name ?? t("home.noRole")}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t("profile.details")} style={{ marginBottom: 16 }}>
            {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
            <Form {...formProps} layout="vertical" requiredMark={false}>
              <Row gutter={12}>
                {CONTACT_FIELDS.map((field) => (
                  <Col xs={24} md={12} key={field}>
                    <Form.Item name={field} label={t(`employees.fields.${field}`)} rules={RULES[field]}>
                      <Input />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              <Button type="primary" htmlType="submit" loading={busy}>
                {t("common.save")}
              </Button>
            </Form>
          </Card>
          <ChangePasswordCard />
          <TwoFactorCard />
          <DevicesCard />
        </Col>
      </Row>
    </>
  );
}
