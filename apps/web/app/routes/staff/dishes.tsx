import { snoozeDishBodySchema } from "@stoa/contract";
import { Form, useNavigation } from "react-router";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { isolated } from "../../platform/i18n/bidi.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { FormNotice, failureIn, StaffPageHeader } from "../../staff/ui.tsx";
import type { Route } from "./+types/dishes";

const DISHES_PATH = "/staff/dishes";

/** The dishes the tables may order, for the kitchen to snooze one that ran out and bring it back. */
export async function loader({ context }: Route.LoaderArgs) {
  return context.storeApi.page("staffKitchenDishes", {});
}

/** One tap snoozes or brings back a dish; a plain form post, so it works before scripts load. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const check = validateWith(snoozeDishBodySchema, {
    productId: Number(form.get("productId")),
    snoozed: form.get("snoozed") === "true",
  });
  if (!check.ok) return invalid(check.fields);
  const outcome = await context.storeApi.form("staffSnoozeDish", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, productId: check.data.productId, snoozed: check.data.snoozed };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, DISHES_PATH, (t) => t("staff.dishes.title"));

export default function StaffDishes({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { dishes } = loaderData;
  const pending = navigation.formData?.get("productId");
  const snoozedCount = dishes.filter((dish) => dish.snoozed).length;
  return (
    <div className="max-w-3xl" data-staff-dishes>
      <StaffPageHeader title={t("staff.dishes.title")} intro={t("staff.dishes.intro")} />
      <FormNotice failure={failureIn(actionData)} />
      <p className="mb-3 text-sm text-stone-600" role="status" data-snoozed-count={snoozedCount}>
        {snoozedCount === 0
          ? t("staff.dishes.none-snoozed")
          : t("staff.dishes.snoozed-count", { count: snoozedCount })}
      </p>
      {dishes.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-stone-600">
          {t("staff.dishes.empty")}
        </p>
      ) : (
        <ul className="grid gap-2" data-dishes-list>
          {dishes.map((dish) => (
            <li
              key={dish.productId}
              className={`flex items-center gap-3 rounded-xl border p-3 ${
                dish.snoozed ? "border-amber-300 bg-amber-50" : "border-stone-200 bg-white"
              }`}
              data-dish={dish.name}
              data-product-id={dish.productId}
              data-snoozed={dish.snoozed}
            >
              <div className="min-w-0 flex-1">
                <p
                  className={`text-lg font-semibold ${dish.snoozed ? "text-stone-500 line-through" : "text-stone-950"}`}
                >
                  <bdi>{dish.name}</bdi>
                </p>
                <p className="text-sm text-stone-600">
                  {dish.snoozed ? t("staff.dishes.snoozed") : t("staff.dishes.on-menu")}
                </p>
              </div>
              <Form method="post" className="shrink-0">
                <input type="hidden" name="productId" value={dish.productId} />
                <input type="hidden" name="snoozed" value={dish.snoozed ? "false" : "true"} />
                <button
                  type="submit"
                  disabled={pending === String(dish.productId)}
                  className={`min-h-14 min-w-36 rounded-xl px-5 text-base font-semibold shadow-sm disabled:opacity-60 ${
                    dish.snoozed
                      ? "bg-emerald-700 text-white hover:bg-emerald-800"
                      : "border-2 border-amber-600 bg-white text-amber-800 hover:bg-amber-50"
                  }`}
                  aria-label={
                    dish.snoozed
                      ? t("staff.dishes.unsnooze-label", { name: isolated(dish.name) })
                      : t("staff.dishes.snooze-label", { name: isolated(dish.name) })
                  }
                  data-snooze-button
                >
                  {dish.snoozed ? t("staff.dishes.unsnooze") : t("staff.dishes.snooze")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
