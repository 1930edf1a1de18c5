import { EditOutlined, UserOutlined } from "@ant-design/icons";
import { useCustom, useParsed } from "@refinedev/core";
import { Avatar, Card, Col, Descriptions, Empty, Flex, Row, Space, Tabs, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ActivityRecord } from "../../../contracts/activities";
import type { EmploymentStatus, UserRecord } from "../../../contracts/users";
import { usePolicy, useResourceAccess } from "../../auth/usePolicy";
import { useAuthState } from "../../auth/store";
import { PersonDays } from "../../components/attendance/PersonDays";
import { FullPageSpinner } from "../../components/common/FullPageSpinner";
import { LinkButton } from "../../components/common/LinkButton";
import { Money } from "../../components/common/Money";
import { formatDateTime } from "../../lib/dates";
import { pagePath } from "../../resources";
import { StateTag, type StateTone } from "../../components/common/StateTag";
import { ActivityChanges } from "../activities/ActivityChanges";
import { PayHistory } from "./PayHistory";
import { EndSessionsButton } from "./EndSessionsButton";
import { InvitationState } from "./InvitationState";
import { ResetTwoFactorButton } from "./ResetTwoFactorButton";
import { RestoreButton } from "./RestoreButton";
import { TwoFactorState } from "./TwoFactorState";
import { PageTitle } from "../../components/common/PageTitle";
import { RecordNotFound } from "../../components/common/RecordNotFound";

interface Profile {
  user: UserRecord;
  recent_activity: ActivityRecord[] | null;
}

const STATUS_TONE: Record<EmploymentStatus, StateTone> = { active: "good", on_leave: "warning", terminated: "bad" };

/** The profile's Attendance tab: the person's latest days, and the way to all of them and their corrections. */
function AttendanceTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <PersonDays
      userId={userId}
      titleKey="userAttendance.profile.title"
      pageSize={7}
      exportable={false}
      toolbar={<LinkButton to={`${pagePath("user-attendance", "list")}?user_id=${userId}`}>{t("userAttendance.profile.openAll")}</LinkButton>}
    />
  );
}

/** /employee-profile/:id: who the person is, their employment and pay, and what changed lately. */
export default function UserProfilePage() {
  const { t } = useTranslation();
  const { id } = useParsed();
  const { result, query } = useCustom<{ data: Profile }>({ url: `/users/${id}/profile`, method: "get", queryOptions: { enabled: id !== undefined } });
  const allowed = useResourceAccess();
  const may = usePolicy();
  const { me } = useAuthState();
  const profile = result.data?.data;
  if (query.isLoading) return <FullPageSpinner />;
  if (!profile) return <RecordNotFound message={t("employees.notFound")} />;
  const { user } = profile;
  const field = (name: string) => t(`employees.fields.${name}`);
  const dash = "—";
  const subject = { id: user.id, access_level: user.access_level, role_permissions: [] };

  const details = (
    <>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t("employees.sections.overview")} style={{ marginBottom: 16 }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={field("email")}>{user.email}</Descriptions.Item>
              <Descriptions.Item label={field("phone")}>{user.phone ?? dash}</Descriptions.Item>
              <Descriptions.Item label={field("birth_date")}>{user.birth_date ?? dash}</Descriptions.Item>
              <Descriptions.Item label={field("address")}>{user.address ?? dash}</Descriptions.Item>
              <Descriptions.Item label={field("emergency_contact_name")}>
                {user.emergency_contact_name ? `${user.emergency_contact_name} ${user.emergency_contact_phone ?? ""}` : dash}
              </Descriptions.Item>
              <Descriptions.Item label={field("access_level")}>{t(`accessLevel.${user.access_level}`)}</Descriptions.Item>
              <Descriptions.Item label={field("role")}>{user.role?.name ?? t("home.noRole")}</Descriptions.Item>
              {/* Sent to whoever manages people (users.viewTwoFactor), as is password_set. */}
              {user.password_set !== undefined && (
                <Descriptions.Item label={t("employees.invitation.label")}>
                  <InvitationState person={user} canResend={may("users.invite", subject) && !user.archived_at} onSent={() => void query.refetch()} />
                </Descriptions.Item>
              )}
              {user.two_factor && (
                <Descriptions.Item label={t("twoFactor.title")}>
                  <TwoFactorState state={user.two_factor} />
                </Descriptions.Item>
              )}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t("employees.sections.employmentAndPay")} style={{ marginBottom: 16 }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={field("employee_number")}>{user.employee_number ?? dash}</Descriptions.Item>
              <Descriptions.Item label={field("department")}>{user.department ?? dash}</Descriptions.Item>
              <Descriptions.Item label={field("employment_type")}>{t(`employees.types.${user.employment_type}`)}</Descriptions.Item>
              <Descriptions.Item label={field("hire_date")}>{user.hire_date ?? dash}</Descriptions.Item>
              <Descriptions.Item label={field("end_date")}>{user.end_date ?? dash}</Descriptions.Item>
              {user.base_rate !== undefined && (
                <>
                  <Descriptions.Item label={field("base_rate")}>
                    <Money minor={user.base_rate} currency={user.currency} /> · {t(`employees.payBases.${user.pay_basis}`)}
                  </Descriptions.Item>
                  <Descriptions.Item label={field("bank_account")}>
                    {user.bank_name ?? dash} {user.bank_account ?? ""}
                  </Descriptions.Item>
                  <Descriptions.Item label={field("tax_id")}>{user.tax_id ?? dash}</Descriptions.Item>
                  <Descriptions.Item label={field("social_insurance_id")}>{user.social_insurance_id ?? dash}</Descriptions.Item>
                </>
              )}
            </Descriptions>
          </Card>
        </Col>
      </Row>
      {profile.recent_activity && (
        <Card title={t("employees.sections.recentActivity")}>
          {profile.recent_activity.length === 0 ? (
            <Empty description={t("activities.none")} />
          ) : (
            <Timeline
              items={profile.recent_activity.map((entry) => ({
                key: entry.id,
                children: (
                  <>
                    <Typography.Text strong>{t(`activities.actions.${entry.action}`, { defaultValue: entry.action })}</Typography.Text>{" "}
                    <Typography.Text type="secondary">
                      {entry.actor_name ?? t("activities.system")} · {formatDateTime(entry.created_at)}
                    </Typography.Text>
                    <ActivityChanges record={entry} />
                  </>
                ),
              }))}
            />
          )}
        </Card>
      )}
    </>
  );

  // Pay history for whoever may read this person's pay (as the pay fields above); written by pay writers who may edit them.
  const tabs = [
    ...(allowed("user-attendance", "list") ? [{ key: "attendance", label: t("userAttendance.profile.tab"), children: <AttendanceTab userId={user.id} /> }] : []),
    ...(may("users.viewPay", subject)
      ? [
          {
            key: "pay",
            label: t("payHistory.tab"),
            children: (
              <PayHistory
                userId={user.id}
                currency={user.currency}
                payBasis={user.pay_basis}
                writable={may("users.writePay", subject) && allowed("users", "edit", user) && !user.archived_at}
                onChanged={() => void query.refetch()}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space size="middle">
          <Avatar size={64} src={user.profile_picture_url ?? undefined} icon={<UserOutlined />} />
          <div>
            <PageTitle style={{ margin: 0 }}>
              {user.name}
            </PageTitle>
            <Space size="small">
              <Typography.Text type="secondary">{user.position ?? dash}</Typography.Text>
              <StateTag tone={STATUS_TONE[user.employment_status]}>{t(`employees.statuses.${user.employment_status}`)}</StateTag>
              {user.archived_at && <StateTag tone="neutral">{t("employees.archivedTag")}</StateTag>}
            </Space>
          </div>
        </Space>
        {allowed("users", "edit", user) && !user.archived_at && (
          <Space wrap>
            {/* The same rule as editing them (users_manage, within one's own powers); one's own devices are on one's profile. */}
            {user.id !== me?.id && <EndSessionsButton person={user} />}
            {/* Only for someone who has it on: there is nothing to reset otherwise. */}
            {user.id !== me?.id && user.two_factor?.enabled && <ResetTwoFactorButton person={user} onDone={() => void query.refetch()} />}
            <LinkButton to={pagePath("users", "edit", user.id)} icon={<EditOutlined />}>
              {t("employees.edit")}
            </LinkButton>
          </Space>
        )}
        {allowed("users", "delete", user) && user.archived_at && <RestoreButton person={user} onRestored={() => void query.refetch()} />}
      </Flex>
      {tabs.length > 0 ? <Tabs items={[{ key: "details", label: t("userAttendance.profile.details"), children: details }, ...tabs]} /> : details}
    </>
  );
}
