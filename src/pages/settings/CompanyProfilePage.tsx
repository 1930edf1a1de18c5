import { useState } from "react";
import { useCustom } from "@refinedev/core";
import { Button, Card, Form, Input, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { COMPANY_LOGO_MAX_BYTES, companyProfileBody, WEEKDAYS, type CompanyProfileOptions, type CompanyProfileRecord } from "../../../contracts/company";
import { PROFILE_PICTURE_TYPES } from "../../../contracts/users";
import { settingsApi } from "../../api/settings";
import { usePolicy } from "../../auth/usePolicy";
import { ImageUpload } from "../../components/common/ImageUpload";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { FieldRow, zodRules } from "../../components/form";
import { findLanguage } from "../../i18n/languages";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { dateFormatOptions } from "./dateFormatOptions";
import { SettingsForm } from "./SettingsForm";
import { dateTimeFormat } from "../../../contracts/intl";

const RULES = zodRules(companyProfileBody.shape);

/** Long lists (400 zones, 250 countries) are searched by what the option says. */
const searchable = { showSearch: true, optionFilterProp: "label" } as const;

/** Weekday and month names in the reader's language, from Intl. */
function calendarNames(locale: string) {
  // 2023-01-01 was a Sunday: day n of that week is weekday n.
  const weekday = dateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  const month = dateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  return {
    weekdays: WEEKDAYS.map((day) => ({ value: day, label: weekday.format(Date.UTC(2023, 0, 1 + day)) })),
    months: Array.from({ length: 12 }, (_, index) => ({ value: index + 1, label: month.format(Date.UTC(2023, index, 1)) })),
  };
}

/** /settings/company-profile: who the employer is, its logo, and the currency, time zone and calendar the modules compute with. */
export default function CompanyProfilePage() {
  const { t, i18n } = useTranslation();
  const may = usePolicy();
  const editable = may("company.update");
  const { profile, refetch } = useCompanyProfile();
  const language = i18n.language;
  const { result } = useCustom<{ data: CompanyProfileOptions }>({
    url: "/company-profile/options",
    method: "get",
    // Named in the reader's language: another language is another list.
    queryOptions: { queryKey: ["company-profile-options", language] },
  });
  const options = result.data?.data;
  const { weekdays, months } = calendarNames(findLanguage(language)?.htmlLang ?? "en");
  const named = (list: { code: string; name: string }[] | undefined, withCode = false) =>
    list?.map((item) => ({ value: item.code, label: withCode ? `${item.code} — ${item.name}` : item.name })) ?? [];

  const saved = async (call: Promise<{ data: { data: CompanyProfileRecord; message: string } }>) => {
    const { data } = await call;
    await refetch();
    return data;
  };
  const uploadLogo = async (file: File) => {
    const { message } = await saved(settingsApi.uploadLogo(file));
    toast("success", t("settings.company.title"), message, TOAST_LIFE.long);
  };
  const [removing, setRemoving] = useState(false);
  const removeLogo = async () => {
    setRemoving(true);
    try {
      const { message } = await saved(settingsApi.removeLogo());
      toast("success", t("settings.company.title"), message, TOAST_LIFE.long);
    } catch (failure) {
      toast("error", t("settings.company.title"), failure instanceof Error ? failure.message : t("errors.other"), TOAST_LIFE.long);
    } finally {
      setRemoving(false);
    }
  };
  const field = (name: keyof typeof RULES) => ({ name, label: t(`settings.company.fields.${name}`), rules: RULES[name] });

  return (
    <SettingsForm titleKey="settings.company.title" values={profile} save={(changes) => saved(settingsApi.saveCompanyProfile(changes))} editable={editable}>
      <Card title={t("settings.company.logo")} style={{ marginBottom: 16 }}>
        <Space direction="vertical">
          <ImageUpload
            imageUrl={profile?.logo_url ?? null}
            accept={PROFILE_PICTURE_TYPES}
            maxBytes={COMPANY_LOGO_MAX_BYTES}
            upload={uploadLogo}
            shape="square"
            labels={{ choose: t("settings.company.chooseLogo"), hint: t("settings.company.logoHint"), image: t("settings.company.logo") }}
            disabled={!editable}
          />
          {editable && profile?.logo_url && (
            <Button danger loading={removing} onClick={() => void removeLogo()}>
              {t("settings.company.removeLogo")}
            </Button>
          )}
        </Space>
      </Card>
      <Card title={t("settings.company.identity")} style={{ marginBottom: 16 }}>
        <FieldRow>
          <Form.Item {...field("legal_name")}>
            <Input />
          </Form.Item>
          <Form.Item {...field("trading_name")}>
            <Input />
          </Form.Item>
        </FieldRow>
        <FieldRow>
          <Form.Item {...field("registration_number")}>
            <Input />
          </Form.Item>
          <Form.Item {...field("tax_number")}>
            <Input />
          </Form.Item>
        </FieldRow>
      </Card>
      <Card title={t("settings.company.address")} style={{ marginBottom: 16 }}>
        <FieldRow>
          <Form.Item {...field("address_line1")}>
            <Input />
          </Form.Item>
          <Form.Item {...field("address_line2")}>
            <Input />
          </Form.Item>
        </FieldRow>
        <FieldRow>
          <Form.Item {...field("city")}>
            <Input />
          </Form.Item>
          <Form.Item {...field("region")}>
            <Input />
          </Form.Item>
        </FieldRow>
        <FieldRow>
          <Form.Item {...field("postal_code")}>
            <Input />
          </Form.Item>
          <Form.Item {...field("country")} normalize={(code?: string) => code ?? null}>
            <Select {...searchable} allowClear options={named(options?.countries)} loading={!options} />
          </Form.Item>
        </FieldRow>
      </Card>
      <Card title={t("settings.company.contact")} style={{ marginBottom: 16 }}>
        <FieldRow>
          <Form.Item {...field("email")}>
            <Input type="email" />
          </Form.Item>
          <Form.Item {...field("phone")}>
            <Input type="tel" />
          </Form.Item>
        </FieldRow>
        <Form.Item {...field("website")}>
          <Input type="url" placeholder="https://" />
        </Form.Item>
      </Card>
      <Card title={t("settings.company.regional")} style={{ marginBottom: 16 }}>
        <FieldRow>
          <Form.Item {...field("currency")} extra={t("settings.company.currencyHint")}>
            <Select {...searchable} options={named(options?.currencies, true)} loading={!options} />
          </Form.Item>
          <Form.Item {...field("time_zone")}>
            <Select {...searchable} options={named(options?.time_zones)} loading={!options} />
          </Form.Item>
        </FieldRow>
        <FieldRow>
          <Form.Item {...field("first_day_of_week")}>
            <Select options={weekdays} />
          </Form.Item>
          <Form.Item {...field("fiscal_year_start_month")}>
            <Select options={months} />
          </Form.Item>
        </FieldRow>
        <Form.Item {...field("date_format")}>
          <Select options={dateFormatOptions()} style={{ maxWidth: 360 }} />
        </Form.Item>
      </Card>
    </SettingsForm>
  );
}
