import { pickupPointFormSchema, type StaffPickupPoint } from "@stoa/contract";
import { data, redirect, useNavigation } from "react-router";
import { failed, invalidFields } from "../../platform/api/form-answer.ts";
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
import { type PickupPointDraft, pickupPointDraftOfForm, textIn } from "../../staff/settings/delivery.ts";
import { STAFF_PATH } from "../../staff/staff-paths.ts";
import { FormNotice, failureIn, formWideFailure, StaffPageHeader, StaffPanel } from "../../staff/ui.tsx";
import type { Route } from "./+types/settings.pickup";

const PAGE = `${STAFF_PATH}/settings/pickup`;
const DONE = ["added", "saved", "active", "inactive", "moved"] as const;
type Done = (typeof DONE)[number];

/** The pickup points, with the one being edited (`?edit=<id>`) and what was just done (`?done=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = await context.storeApi.page("staffPickupPoints", {});
  const editId = Number(url.searchParams.get("edit"));
  const done = url.searchParams.get("done");
  return {
    list,
    editing: list.points.find((point) => point.id === editId) ?? null,
    done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
  };
}

/** Adds or saves a point (checked by the contract's schema first), moves one, or switches one. */
export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  const id = Number(form.get("id"));
  if (intent === "move") {
    const direction = form.get("direction") === "down" ? "down" : "up";
    const outcome = await storeApi.form("staffMovePickupPoint", { body: { id, direction } });
    return outcome.ok ? redirect(`${PAGE}?done=moved`) : failed(outcome);
  }
  if (intent === "active") {
    const active = form.get("active") === "true";
    const outcome = await storeApi.form("staffSetPickupPointActive", { body: { id, active } });
    return outcome.ok ? redirect(`${PAGE}?done=${active ? "active" : "inactive"}`) : failed(outcome);
  }
  const draft = pickupPointDraftOfForm(form);
  const check = validateWith(pickupPointFormSchema, draft);
  if (!check.ok) return data({ ...invalidFields(check.fields), draft }, { status: 400 });
  const editing = form.has("id") && Number.isInteger(id);
  const outcome = editing
    ? await storeApi.form("staffUpdatePickupPoint", { body: { id, ...check.data } })
    : await storeApi.form("staffAddPickupPoint", { body: check.data });
  if (!outcome.ok) return data({ ...outcome.failure, draft }, { status: outcome.status });
  return redirect(`${PAGE}?done=${editing ? "saved" : "added"}`);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/settings/pickup", (t) => t("staff.pickup.title"));

const draftOf = (point: StaffPickupPoint | null): PickupPointDraft => ({
  name: { en: point?.name.en ?? "", ar: point?.name.ar ?? "", he: point?.name.he ?? "" },
  address: { en: point?.address.en ?? "", ar: point?.address.ar ?? "", he: point?.address.he ?? "" },
});

export default function StaffPickupPointsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const busy = useNavigation().state === "submitting";
  const { list, editing, done } = loaderData;
  const failure = failureIn(actionData);
  const typed = (actionData as { draft?: PickupPointDraft } | undefined)?.draft;
  const draft = typed ?? draftOf(editing);
  return (
    <div data-staff-pickup-points>
      <StaffPageHeader title={t("staff.pickup.title")} intro={t("staff.pickup.intro")} />
      <FormNotice failure={formWideFailure(failure)} done={done ? t(`staff.pickup.done.${done}`) : null} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <StaffPanel title={t("staff.pickup.list")}>
          {list.points.length === 0 ? (
            <p className="text-sm text-stone-600">{t("staff.pickup.empty")}</p>
          ) : null}
          <ol className="divide-y divide-stone-200">
            {list.points.map((point, at) => {
              const name = textIn(point.name, locale);
              return (
                <li key={point.id} className="flex flex-col gap-2 py-3" data-pickup-point={point.id}>
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="min-w-0 font-medium text-stone-900">{name}</p>
                    <ActiveBadge active={point.isActive} />
                  </div>
                  <p className="text-sm text-stone-600">{textIn(point.address, locale)}</p>
                  <RowActions
                    id={point.id}
                    name={name}
                    first={at === 0}
                    last={at === list.points.length - 1}
                    active={point.isActive}
                    editHref={`${PAGE}?edit=${point.id}`}
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
                ? t("staff.pickup.edit-title", { name: textIn(editing.name, locale) })
                : t("staff.pickup.add-title")
            }
            editing={editing?.id ?? null}
            cancelHref={PAGE}
            saveLabel={editing ? t("staff.pickup.save") : t("staff.pickup.add")}
            busy={busy}
            data-pickup-editor={editing ? "edit" : "add"}
          >
            <PerLanguageInputs
              idPrefix="pickup"
              name="name"
              label={(language) => t("staff.pickup.name", { language })}
              values={draft.name}
              fields={failure?.fields}
              maxLength={80}
            />
            <PerLanguageInputs
              idPrefix="pickup"
              name="address"
              label={(language) => t("staff.pickup.address", { language })}
              values={draft.address}
              fields={failure?.fields}
              maxLength={200}
            />
          </EditorFrame>
        </StaffPanel>
      </div>
    </div>
  );
}
