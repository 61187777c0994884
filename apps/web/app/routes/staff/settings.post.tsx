import { formatMoney, postOptionFormSchema, type StaffPostOption } from "@stoa/contract";
import { data, redirect, useNavigation } from "react-router";
import { type FieldErrors, failed, invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import {
  ActiveBadge,
  EditorFrame,
  PerLanguageInputs,
  RowActions,
} from "../../staff/settings/DeliveryLists.tsx";
import {
  majorText,
  type PostOptionDraft,
  postOptionBodyOf,
  postOptionDraftOfForm,
  textIn,
} from "../../staff/settings/delivery.ts";
import { STAFF_PATH } from "../../staff/staff-paths.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  formWideFailure,
  StaffPageHeader,
  StaffPanel,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/settings.post";

const PAGE = `${STAFF_PATH}/settings/post`;
const DONE = ["added", "saved", "active", "inactive", "moved"] as const;
type Done = (typeof DONE)[number];

/** The postal options, with the one being edited (`?edit=<id>`) and what was just done (`?done=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = await context.storeApi.page("staffPostOptions", {});
  const editId = Number(url.searchParams.get("edit"));
  const done = url.searchParams.get("done");
  return {
    list,
    editing: list.options.find((option) => option.id === editId) ?? null,
    done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
  };
}

/** Adds or saves an option (checked by the contract's schema first), moves one, or switches one. */
export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  const id = Number(form.get("id"));
  if (intent === "move") {
    const direction = form.get("direction") === "down" ? "down" : "up";
    const outcome = await storeApi.form("staffMovePostOption", { body: { id, direction } });
    return outcome.ok ? redirect(`${PAGE}?done=moved`) : failed(outcome);
  }
  if (intent === "active") {
    const active = form.get("active") === "true";
    const outcome = await storeApi.form("staffSetPostOptionActive", { body: { id, active } });
    return outcome.ok ? redirect(`${PAGE}?done=${active ? "active" : "inactive"}`) : failed(outcome);
  }
  const draft = postOptionDraftOfForm(form);
  const { body, bad } = postOptionBodyOf(draft);
  const check = validateWith(postOptionFormSchema, body);
  if (!check.ok || Object.keys(bad).length > 0) {
    const fields: FieldErrors = { ...(check.ok ? {} : check.fields), ...bad };
    return data({ ...invalidFields(fields), draft }, { status: 400 });
  }
  const editing = form.has("id") && Number.isInteger(id);
  const outcome = editing
    ? await storeApi.form("staffUpdatePostOption", { body: { id, ...check.data } })
    : await storeApi.form("staffAddPostOption", { body: check.data });
  if (!outcome.ok) return data({ ...outcome.failure, draft }, { status: outcome.status });
  return redirect(`${PAGE}?done=${editing ? "saved" : "added"}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/settings/post", (t) => t("staff.post.title"));

const draftOf = (option: StaffPostOption | null): PostOptionDraft => ({
  name: { en: option?.name.en ?? "", ar: option?.name.ar ?? "", he: option?.name.he ?? "" },
  price: option ? majorText(option.price) : "",
  daysMin: option ? String(option.daysMin) : "",
  daysMax: option ? String(option.daysMax) : "",
});

function OptionFields({
  draft,
  fields,
  currency,
}: {
  draft: PostOptionDraft;
  fields?: FieldErrors;
  currency: string;
}) {
  const { t } = useTranslation();
  const number = (name: "price" | "daysMin" | "daysMax", label: string, decimal = false) => (
    <div>
      <label htmlFor={`post-${name}`} className={staffLabel}>
        {label}
      </label>
      <input
        id={`post-${name}`}
        name={name}
        required
        dir="ltr"
        inputMode={decimal ? "decimal" : "numeric"}
        {...(decimal ? {} : { type: "number", min: 0, max: 365 })}
        defaultValue={draft[name]}
        className={staffInput}
        aria-invalid={fields?.[name] ? true : undefined}
        aria-describedby={fields?.[name] ? `post-${name}-error` : undefined}
      />
      <FieldError id={`post-${name}-error`} fields={fields} name={name} />
    </div>
  );
  return (
    <>
      <PerLanguageInputs
        idPrefix="post"
        name="name"
        label={(language) => t("staff.post.name", { language })}
        values={draft.name}
        fields={fields}
        maxLength={80}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        {number("price", t("staff.post.price", { currency }), true)}
        {number("daysMin", t("staff.post.days-min"))}
        {number("daysMax", t("staff.post.days-max"))}
      </div>
    </>
  );
}

export default function StaffPostOptionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const busy = useNavigation().state === "submitting";
  const { list, editing, done } = loaderData;
  const failure = failureIn(actionData);
  const typed = (actionData as { draft?: PostOptionDraft } | undefined)?.draft;
  const draft = typed ?? draftOf(editing);
  return (
    <div data-staff-post-options>
      <StaffPageHeader title={t("staff.post.title")} intro={t("staff.post.intro")} />
      <FormNotice failure={formWideFailure(failure)} done={done ? t(`staff.post.done.${done}`) : null} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <StaffPanel title={t("staff.post.list")}>
          {list.options.length === 0 ? (
            <p className="text-sm text-stone-600">{t("staff.post.empty")}</p>
          ) : null}
          <ol className="divide-y divide-stone-200">
            {list.options.map((option, at) => {
              const name = textIn(option.name, locale);
              return (
                <li key={option.id} className="flex flex-col gap-2 py-3" data-post-option={option.id}>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="min-w-0 font-medium text-stone-900">{name}</p>
                    <ActiveBadge active={option.isActive} />
                  </div>
                  <p className="text-sm text-stone-600">
                    <span className="tabular-nums">{formatMoney(option.price, list.currency, locale)}</span>
                    {" · "}
                    {t("staff.post.days", { min: option.daysMin, max: option.daysMax })}
                  </p>
                  <RowActions
                    id={option.id}
                    name={name}
                    first={at === 0}
                    last={at === list.options.length - 1}
                    active={option.isActive}
                    editHref={`${PAGE}?edit=${option.id}`}
                  />
                </li>
              );
            })}
          </ol>
        </StaffPanel>
        <StaffPanel>
          <EditorFrame
            key={`${editing?.id ?? "new"}-${JSON.stringify(draft)}`}
            title={
              editing
                ? t("staff.post.edit-title", { name: textIn(editing.name, locale) })
                : t("staff.post.add-title")
            }
            editing={editing?.id ?? null}
            cancelHref={PAGE}
            saveLabel={editing ? t("staff.post.save") : t("staff.post.add")}
            busy={busy}
            data-post-editor={editing ? "edit" : "add"}
          >
            <OptionFields draft={draft} fields={failure?.fields} currency={list.currency} />
          </EditorFrame>
        </StaffPanel>
      </div>
    </div>
  );
}
