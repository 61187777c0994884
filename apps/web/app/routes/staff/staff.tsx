import {
  STAFF_ROLES,
  type StaffAccountAnswer,
  type StaffRole,
  staffAccountUpdateBodySchema,
  staffInviteBodySchema,
} from "@stoa/contract";
import { Form, useNavigation } from "react-router";
import { type FieldErrors, failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  formWideFailure,
  StaffPageHeader,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/staff";

/** The owner's staff page: the API refuses any other role (STAFF_ROLE_FORBIDDEN, the role page). */
export async function loader({ context }: Route.LoaderArgs) {
  return { list: await context.storeApi.page("staffAccountList", {}) };
}

type Done = "invited" | "role" | "disabled" | "enabled" | "reset";

/**
 * Each change is a plain form with an `intent`: invite, a new role, disable, enable, or email a
 * password-reset link. The API checks the owner and keeps at least one owner (STAFF_LAST_OWNER).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "invite") {
    const check = validateWith(staffInviteBodySchema, formValues(form, ["email", "name", "role"]));
    if (!check.ok) return invalid(check.fields);
    const outcome = await storeApi.form("staffInvite", { body: check.data });
    if (!outcome.ok) return failed(outcome);
    return { ok: true as const, done: "invited" as Done, staffId: null };
  }
  const staffId = form.get("staffId");
  if (intent === "reset") {
    const outcome = await storeApi.form("staffResetPassword", { body: { staffId: Number(staffId) } });
    if (!outcome.ok) return failed(outcome);
    return { ok: true as const, done: "reset" as Done, staffId: Number(staffId) };
  }
  const change =
    intent === "role" ? { staffId, role: form.get("role") } : { staffId, disabled: intent === "disable" };
  const check = validateWith(staffAccountUpdateBodySchema, change);
  if (!check.ok) return invalid(check.fields);
  const outcome = await storeApi.form("staffAccountUpdate", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  const done: Done = intent === "role" ? "role" : intent === "disable" ? "disabled" : "enabled";
  return { ok: true as const, done, staffId: check.data.staffId };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/staff", (t) => t("staff.accounts.title"));

function useDateTime() {
  const { locale } = useShop();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (iso: string) => format.format(new Date(iso));
}

function RoleSelect({ id, value, invalidField }: { id: string; value?: StaffRole; invalidField?: boolean }) {
  const { t } = useTranslation();
  return (
    <select
      id={id}
      name="role"
      defaultValue={value ?? "staff"}
      className={staffInput}
      aria-invalid={invalidField ? true : undefined}
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`staff.roles.${role}`)}
        </option>
      ))}
    </select>
  );
}

function MemberRow({ member }: { member: StaffAccountAnswer }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const small = "inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium";
  return (
    <li
      className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between"
      data-staff-account={member.email}
    >
      <div className="min-w-0">
        <p className="font-semibold text-stone-950">
          {member.name}{" "}
          {member.disabled ? (
            <span
              className="ms-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700"
              data-disabled
            >
              {t("staff.accounts.disabled")}
            </span>
          ) : null}
        </p>
        <p className="truncate text-sm text-stone-600">
          <bdi dir="ltr">{member.email}</bdi>
        </p>
        <p className="text-xs text-stone-500">
          {member.lastSignInAt
            ? t("staff.accounts.last-sign-in", { when: when(member.lastSignInAt) })
            : t("staff.accounts.never-signed-in")}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="staffId" value={member.id} />
          <div>
            <label htmlFor={`role-${member.id}`} className="sr-only">
              {t("staff.accounts.role-of", { name: member.name })}
            </label>
            <RoleSelect id={`role-${member.id}`} value={member.role} />
          </div>
          <button type="submit" className={`${small} border border-stone-300 bg-white hover:bg-stone-50`}>
            {t("staff.accounts.change-role")}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={member.disabled ? "enable" : "disable"} />
          <input type="hidden" name="staffId" value={member.id} />
          <button
            type="submit"
            className={`${small} ${member.disabled ? "border border-stone-300 bg-white hover:bg-stone-50" : "border border-red-300 text-red-700 hover:bg-red-50"}`}
          >
            {t(member.disabled ? "staff.accounts.enable" : "staff.accounts.disable")}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="staffId" value={member.id} />
          <button type="submit" className={`${small} text-stone-700 hover:bg-stone-100`}>
            {t("staff.accounts.reset")}
          </button>
        </Form>
      </div>
    </li>
  );
}

function InviteForm({ fields }: { fields?: FieldErrors }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const field = (name: string) => ({
    "aria-invalid": fields?.[name] ? true : undefined,
    "aria-describedby": fields?.[name] ? `invite-${name}-error` : undefined,
  });
  return (
    <Form
      method="post"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_12rem_auto] lg:items-start"
      data-staff-invite
    >
      <input type="hidden" name="intent" value="invite" />
      <div>
        <label htmlFor="invite-email" className={staffLabel}>
          {t("staff.accounts.email")}
        </label>
        <input
          id="invite-email"
          name="email"
          type="email"
          required
          dir="ltr"
          className={staffInput}
          {...field("email")}
        />
        <FieldError id="invite-email-error" fields={fields} name="email" />
      </div>
      <div>
        <label htmlFor="invite-name" className={staffLabel}>
          {t("staff.accounts.name")}
        </label>
        <input
          id="invite-name"
          name="name"
          required
          maxLength={80}
          className={staffInput}
          {...field("name")}
        />
        <FieldError id="invite-name-error" fields={fields} name="name" />
      </div>
      <div>
        <label htmlFor="invite-role" className={staffLabel}>
          {t("staff.accounts.role")}
        </label>
        <RoleSelect id="invite-role" invalidField={Boolean(fields?.role)} />
        <FieldError id="invite-role-error" fields={fields} name="role" />
      </div>
      <div className="lg:pt-7">
        <button type="submit" className={`${staffButton.primary} w-full`} disabled={busy}>
          {t("staff.accounts.invite")}
        </button>
      </div>
    </Form>
  );
}

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const when = useDateTime();
  const { members, invitations } = loaderData.list;
  const failure = failureIn(actionData);
  const inviteFields = failure?.fields;
  const done = actionData && "done" in actionData ? t(`staff.accounts.done.${actionData.done}`) : null;
  return (
    <div data-staff-accounts>
      <StaffPageHeader title={t("staff.accounts.title")} intro={t("staff.accounts.intro")} />
      <FormNotice failure={formWideFailure(failure)} done={done} />
      <div className="space-y-6">
        <StaffPanel title={t("staff.accounts.invite-title")}>
          <InviteForm fields={inviteFields} />
        </StaffPanel>
        <StaffPanel title={t("staff.accounts.members")}>
          <ul className="divide-y divide-stone-200">
            {members.map((member) => (
              <MemberRow key={member.id} member={member} />
            ))}
          </ul>
        </StaffPanel>
        <StaffPanel title={t("staff.accounts.pending")}>
          {invitations.length === 0 ? (
            <p className="text-sm text-stone-500">{t("staff.accounts.no-pending")}</p>
          ) : (
            <ul className="divide-y divide-stone-200" data-staff-invitations>
              {invitations.map((invitation) => (
                <li
                  key={invitation.email}
                  className="py-3 text-sm"
                  data-staff-invitation-row={invitation.email}
                >
                  <p className="font-medium text-stone-900">
                    {invitation.name} · {t(`staff.roles.${invitation.role}`)}
                  </p>
                  <p className="text-stone-600">
                    <bdi dir="ltr">{invitation.email}</bdi>
                  </p>
                  <p className="text-xs text-stone-500">
                    {t("staff.accounts.expires", { when: when(invitation.expiresAt) })}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </StaffPanel>
      </div>
    </div>
  );
}
