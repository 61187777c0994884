import { AUDIT_PAGE_SIZE, type AuditEntry } from "@stoa/contract";
import { Form } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { AUDIT_FAMILIES, auditChanges } from "../../staff/audit/audit-diff.ts";
import {
  StaffPageHeader,
  StaffPages,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/audit";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The page's filters from its address; anything malformed is simply not a filter. */
function filtersOf(url: URL) {
  const query = url.searchParams;
  const staffId = Number(query.get("staffId"));
  const family = query.get("action") ?? "";
  const day = (name: string) => {
    const value = query.get(name) ?? "";
    return DAY.test(value) ? value : null;
  };
  const page = Number(query.get("page"));
  return {
    staffId: Number.isInteger(staffId) && staffId > 0 ? staffId : null,
    action: (AUDIT_FAMILIES as readonly string[]).includes(family) ? family : "",
    from: day("from"),
    to: day("to"),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The owner's audit log (the API refuses other roles: the role page). Members fill the member filter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const { page, ...body } = filtersOf(new URL(request.url));
  const [log, accounts] = await Promise.all([
    storeApi.page("staffAudit", { query: { page, limit: AUDIT_PAGE_SIZE }, body }),
    storeApi.pageAnswer("staffAccountList", {}),
  ]);
  const members = accounts.ok ? accounts.data.members.map(({ id, name }) => ({ id, name })) : [];
  return { log, members, filters: { ...body, page } };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/audit", (t) => t("staff.audit.title"));

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-stone-400">—</span>;
  return (
    <ul className="space-y-0.5 font-mono text-xs" dir="ltr">
      {changes.map((change) => (
        <li key={change.field} className="break-all">
          {change.field ? <span className="text-stone-500">{change.field}: </span> : null}
          {change.before !== null ? <del className="text-red-700">{change.before}</del> : null}
          {change.before !== null && change.after !== null ? (
            <span className="text-stone-400"> → </span>
          ) : null}
          {change.after !== null ? <ins className="text-emerald-800 no-underline">{change.after}</ins> : null}
        </li>
      ))}
    </ul>
  );
}

export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const { log, members, filters } = loaderData;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const hrefFor = (page: number) => {
    const query = new URLSearchParams();
    if (filters.staffId) query.set("staffId", String(filters.staffId));
    if (filters.action) query.set("action", filters.action);
    if (filters.from) query.set("from", filters.from);
    if (filters.to) query.set("to", filters.to);
    query.set("page", String(page));
    return `/staff/audit?${query}`;
  };
  return (
    <div data-staff-audit>
      <StaffPageHeader title={t("staff.audit.title")} intro={t("staff.audit.intro")} />
      <StaffPanel className="mb-6">
        <Form
          method="get"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
          data-audit-filters
        >
          <div>
            <label htmlFor="audit-staff" className={staffLabel}>
              {t("staff.audit.member")}
            </label>
            <select
              id="audit-staff"
              name="staffId"
              defaultValue={filters.staffId ?? ""}
              className={staffInput}
            >
              <option value="">{t("staff.audit.everyone")}</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="audit-action" className={staffLabel}>
              {t("staff.audit.action")}
            </label>
            <select id="audit-action" name="action" defaultValue={filters.action} className={staffInput}>
              <option value="">{t("staff.audit.all-actions")}</option>
              {AUDIT_FAMILIES.map((family) => (
                <option key={family} value={family}>
                  {t(`staff.audit.families.${family}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="audit-from" className={staffLabel}>
              {t("staff.audit.from")}
            </label>
            <input
              id="audit-from"
              name="from"
              type="date"
              defaultValue={filters.from ?? ""}
              className={staffInput}
            />
          </div>
          <div>
            <label htmlFor="audit-to" className={staffLabel}>
              {t("staff.audit.to")}
            </label>
            <input
              id="audit-to"
              name="to"
              type="date"
              defaultValue={filters.to ?? ""}
              className={staffInput}
            />
          </div>
          <button type="submit" className={staffButton.secondary}>
            {t("staff.audit.filter")}
          </button>
        </Form>
      </StaffPanel>
      {log.records.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-stone-300 p-8 text-center text-sm text-stone-500"
          data-audit-empty
        >
          {t("staff.audit.empty")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">{t("staff.audit.title")}</caption>
            <thead className="bg-stone-50 text-xs text-stone-500">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t("staff.audit.when")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t("staff.audit.who")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t("staff.audit.what")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t("staff.audit.subject")}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t("staff.audit.change")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {log.records.map((entry) => (
                <tr key={entry.id} className="align-top" data-audit-entry={entry.action}>
                  <td className="whitespace-nowrap px-3 py-2 text-stone-600">
                    <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                  </td>
                  <td className="px-3 py-2 text-stone-900">{entry.staffName ?? t("staff.audit.system")}</td>
                  <td className="px-3 py-2">
                    <code className="rounded bg-stone-100 px-1.5 py-0.5 text-xs text-stone-800" dir="ltr">
                      {entry.action}
                    </code>
                  </td>
                  <td className="px-3 py-2 text-stone-700">
                    <bdi dir="ltr" className="break-all">
                      {entry.subject}
                    </bdi>
                  </td>
                  <td className="px-3 py-2">
                    <Changes entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <StaffPages current={log.current_page} last={log.last_page} hrefFor={hrefFor} />
    </div>
  );
}
