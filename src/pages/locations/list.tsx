import { Form, Input, InputNumber, Modal, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { locationBody, RADIUS_METRES, type LocationRecord } from "../../../contracts/locations";
import { FieldRow, useDialogForm, zodRules, type DialogForm } from "../../components/form";
import { CreateButton, ListPage, RecordActions, type ListColumn } from "../../components/list";
import { UseMyPosition } from "./UseMyPosition";
import { StateTag } from "../../components/common/StateTag";
import { numberFormat } from "../../../contracts/intl";

const RULES = zodRules(locationBody.shape);

type Row = LocationRecord & { [key: string]: unknown };

const ACTIVE_CHOICES = [
  { value: "true", labelKey: "locations.active" },
  { value: "false", labelKey: "locations.inactive" },
];

function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return <StateTag tone={active ? "good" : "neutral"}>{t(active ? "locations.active" : "locations.inactive")}</StateTag>;
}

function Radius({ metres }: { metres: number }) {
  const { t, i18n } = useTranslation();
  return <>{t("locations.metres", { value: numberFormat(i18n.language).format(metres) })}</>;
}

const COLUMNS: ListColumn<Row>[] = [
  { field: "name", titleKey: "locations.fields.name", kind: "text" },
  { field: "address", titleKey: "locations.fields.address", kind: "text" },
  {
    field: "latitude",
    titleKey: "locations.fields.position",
    kind: "number",
    sortable: false,
    filterable: false,
    render: (row) => `${row.latitude}, ${row.longitude}`,
    exportValue: (row) => `${row.latitude}, ${row.longitude}`,
  },
  { field: "radius_m", titleKey: "locations.fields.radius_m", kind: "number", width: 130, render: (row) => <Radius metres={row.radius_m} /> },
  { field: "active", titleKey: "locations.fields.active", kind: "choice", choices: ACTIVE_CHOICES, width: 120, phone: true, render: (row) => <ActiveTag active={row.active} /> },
];

function LocationModal({ form, titleKey }: { form: DialogForm<LocationRecord>; titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Modal {...form.modalProps} title={t(titleKey)} okText={t("common.save")} cancelText={t("common.cancel")}>
      <Form {...form.formProps} layout="vertical" initialValues={{ active: true, radius_m: 100, ...form.formProps.initialValues }}>
        <Form.Item name="name" label={t("locations.fields.name")} rules={RULES.name}>
          <Input />
        </Form.Item>
        <Form.Item name="address" label={t("locations.fields.address")} rules={RULES.address}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <FieldRow>
          <Form.Item name="latitude" label={t("locations.fields.latitude")} rules={RULES.latitude} extra={t("locations.latitudeHint")}>
            <InputNumber min={-90} max={90} step={0.0001} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="longitude" label={t("locations.fields.longitude")} rules={RULES.longitude} extra={t("locations.longitudeHint")}>
            <InputNumber min={-180} max={180} step={0.0001} style={{ width: "100%" }} />
          </Form.Item>
        </FieldRow>
        <UseMyPosition />
        <Form.Item name="radius_m" label={t("locations.fields.radius_m")} rules={RULES.radius_m} extra={t("locations.radiusHint")}>
          <InputNumber min={RADIUS_METRES.min} max={RADIUS_METRES.max} step={10} precision={0} />
        </Form.Item>
        <Form.Item name="active" label={t("locations.fields.active")} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /attendance/locations: where people may clock in; created and edited in a dialog. */
export default function LocationListPage() {
  const { t } = useTranslation();
  const create = useDialogForm<LocationRecord>("locations", "create");
  const edit = useDialogForm<LocationRecord>("locations", "edit");
  return (
    <>
      <ListPage<Row>
        resource="locations"
        titleKey="locations.title"
        columns={COLUMNS}
        initialSorters={[{ field: "name", order: "asc" }]}
        createButton={<CreateButton resource="locations" labelKey="locations.create" onClick={() => create.show()} />}
        rowActions={(row) => (
          <RecordActions
            resource="locations"
            row={row}
            onEdit={edit.show}
            editLabel={t("locations.edit")}
            deleteLabel={t("locations.delete")}
            deleteConfirm={t("locations.deleteConfirm", { name: row.name })}
          />
        )}
      />
      <LocationModal form={create} titleKey="locations.create" />
      <LocationModal form={edit} titleKey="locations.edit" />
    </>
  );
}
