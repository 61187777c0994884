import {
  FIELD_ERROR_KEYS,
  LOCALES,
  type StaffShopSettings,
  shopSettingsFormSchema,
  staffRefundLimitSchema,
} from "@stoa/contract";
import type { ReactNode } from "react";
import { Form, useNavigation, useRouteLoaderData } from "react-router";
import { type FieldErrors, failed, invalid } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { minorUnitsOfInput } from "../../staff/settings/refund-limit.ts";
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
import type { Route } from "./+types/settings.shop";
import type { loader as layoutLoader } from "./layout.tsx";

/** The shop's own settings (manager and owner; others meet the role page). */
export async function loader({ context }: Route.LoaderArgs) {
  return { shop: await context.storeApi.page("staffShopSettings", {}) };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * Two forms: the shop's settings, and (the owner's) the refund limit of the staff role. Each is
 * checked by the contract's own schema first, so its field errors read as the API's.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData();
  if (form.get("intent") === "refund-limit") {
    const amount = minorUnitsOfInput(text(form, "staffRefundLimit"));
    if (amount === undefined) return invalid({ staffRefundLimit: FIELD_ERROR_KEYS.invalid });
    const check = validateWith(staffRefundLimitSchema, { staffRefundLimit: amount });
    if (!check.ok) return invalid(check.fields);
    const outcome = await storeApi.form("staffUpdateRefundLimit", { body: check.data });
    if (!outcome.ok) return failed(outcome);
    return { ok: true as const, done: "refund-limit" as const, shop: outcome.data };
  }
  const perLanguage = (name: string) =>
    Object.fromEntries(LOCALES.map((locale) => [locale, text(form, `${name}.${locale}`)]));
  const limit = text(form, "unpaidOrderLimit").trim();
  const code = text(form, "phoneCountryCode").trim().replace(/^\+/, "");
  const check = validateWith(shopSettingsFormSchema, {
    name: perLanguage("name"),
    tagline: perLanguage("tagline"),
    siteTitle: text(form, "siteTitle"),
    metaDescription: perLanguage("metaDescription"),
    guestCheckout: form.get("guestCheckout") === "on",
    unpaidOrderLimit: limit === "" ? Number.NaN : Number(limit),
    phoneCountryCode: code === "" ? null : code,
  });
  if (!check.ok) return invalid(check.fields);
  const outcome = await storeApi.form("staffUpdateShopSettings", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, done: "settings" as const, shop: outcome.data };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/settings/shop", (t) => t("staff.shop.title"));

function Field({
  id,
  name,
  label,
  fields,
  children,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  fields?: FieldErrors;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={staffLabel}>
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-stone-500">{hint}</p> : null}
      <FieldError id={`${id}-error`} fields={fields} name={name} />
    </div>
  );
}

function SettingsForm({ shop, fields }: { shop: StaffShopSettings; fields?: FieldErrors }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { settings } = shop;
  const aria = (name: string, id: string) => ({
    "aria-invalid": fields?.[name] ? true : undefined,
    "aria-describedby": fields?.[name] ? `${id}-error` : undefined,
  });
  return (
    <Form method="post" className="space-y-6" data-shop-settings>
      <input type="hidden" name="intent" value="settings" />
      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold text-stone-900">{t("staff.shop.names")}</legend>
        {LOCALES.map((locale) => (
          <div key={locale} className="grid gap-3 sm:grid-cols-2" lang={locale}>
            <Field
              id={`shop-name-${locale}`}
              name={`name.${locale}`}
              label={t("staff.shop.name", { language: t(`staff.shop.languages.${locale}`) })}
              fields={fields}
            >
              <input
                id={`shop-name-${locale}`}
                name={`name.${locale}`}
                defaultValue={settings.name[locale] ?? ""}
                maxLength={80}
                dir="auto"
                className={staffInput}
                {...aria(`name.${locale}`, `shop-name-${locale}`)}
              />
            </Field>
            <Field
              id={`shop-tagline-${locale}`}
              name={`tagline.${locale}`}
              label={t("staff.shop.tagline", { language: t(`staff.shop.languages.${locale}`) })}
              fields={fields}
            >
              <input
                id={`shop-tagline-${locale}`}
                name={`tagline.${locale}`}
                defaultValue={settings.tagline[locale] ?? ""}
                maxLength={160}
                dir="auto"
                className={staffInput}
                {...aria(`tagline.${locale}`, `shop-tagline-${locale}`)}
              />
            </Field>
          </div>
        ))}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold text-stone-900">{t("staff.shop.search")}</legend>
        <Field id="shop-siteTitle" name="siteTitle" label={t("staff.shop.site-title")} fields={fields}>
          <input
            id="shop-siteTitle"
            name="siteTitle"
            required
            maxLength={80}
            dir="auto"
            defaultValue={settings.siteTitle}
            className={staffInput}
            {...aria("siteTitle", "shop-siteTitle")}
          />
        </Field>
        {LOCALES.map((locale) => (
          <Field
            key={locale}
            id={`shop-metaDescription-${locale}`}
            name={`metaDescription.${locale}`}
            label={t("staff.shop.meta-description-in", { language: t(`staff.shop.languages.${locale}`) })}
            fields={fields}
          >
            <textarea
              id={`shop-metaDescription-${locale}`}
              name={`metaDescription.${locale}`}
              lang={locale}
              rows={3}
              maxLength={300}
              dir="auto"
              defaultValue={settings.metaDescription[locale] ?? ""}
              className={staffInput}
              {...aria(`metaDescription.${locale}`, `shop-metaDescription-${locale}`)}
            />
          </Field>
        ))}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold text-stone-900">{t("staff.shop.checkout")}</legend>
        <label className="flex items-start gap-3 text-sm text-stone-800">
          <input
            type="checkbox"
            name="guestCheckout"
            defaultChecked={settings.guestCheckout}
            className="mt-0.5 size-4 rounded border-stone-400"
          />
          <span>{t("staff.shop.guest-checkout")}</span>
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="shop-unpaidOrderLimit"
            name="unpaidOrderLimit"
            label={t("staff.shop.unpaid-limit")}
            hint={t("staff.shop.unpaid-limit-hint")}
            fields={fields}
          >
            <input
              id="shop-unpaidOrderLimit"
              name="unpaidOrderLimit"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              required
              dir="ltr"
              defaultValue={settings.unpaidOrderLimit}
              className={staffInput}
              {...aria("unpaidOrderLimit", "shop-unpaidOrderLimit")}
            />
          </Field>
          <Field
            id="shop-phoneCountryCode"
            name="phoneCountryCode"
            label={t("staff.shop.phone-code")}
            hint={t("staff.shop.phone-code-hint")}
            fields={fields}
          >
            <input
              id="shop-phoneCountryCode"
              name="phoneCountryCode"
              inputMode="numeric"
              maxLength={5}
              dir="ltr"
              defaultValue={settings.phoneCountryCode ?? ""}
              className={staffInput}
              {...aria("phoneCountryCode", "shop-phoneCountryCode")}
            />
          </Field>
        </div>
      </fieldset>
      <button type="submit" className={staffButton.primary} disabled={busy}>
        {t("staff.shop.save")}
      </button>
    </Form>
  );
}

function RefundLimitForm({ shop, fields }: { shop: StaffShopSettings; fields?: FieldErrors }) {
  const { t } = useTranslation();
  const current = shop.staffRefundLimit === null ? "" : (shop.staffRefundLimit / 100).toFixed(2);
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" data-refund-limit>
      <input type="hidden" name="intent" value="refund-limit" />
      <div className="w-48">
        <Field
          id="shop-staffRefundLimit"
          name="staffRefundLimit"
          label={t("staff.shop.refund-limit", { currency: shop.currency })}
          fields={fields}
        >
          <input
            id="shop-staffRefundLimit"
            name="staffRefundLimit"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            dir="ltr"
            defaultValue={current}
            className={staffInput}
            aria-invalid={fields?.staffRefundLimit ? true : undefined}
          />
        </Field>
      </div>
      <button type="submit" className={staffButton.secondary}>
        {t("staff.shop.save-limit")}
      </button>
      <p className="basis-full text-xs text-stone-500">{t("staff.shop.refund-limit-hint")}</p>
    </Form>
  );
}

export default function StaffShopSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/staff/layout");
  const owner = layout?.me.permissions.includes("paymentSettings") ?? false;
  const shop = actionData && "shop" in actionData ? actionData.shop : loaderData.shop;
  const failure = failureIn(actionData);
  const done = actionData && "done" in actionData ? t(`staff.shop.done.${actionData.done}`) : null;
  return (
    <div data-staff-shop-settings>
      <StaffPageHeader title={t("staff.shop.title")} intro={t("staff.shop.intro")} />
      <FormNotice failure={formWideFailure(failure)} done={done} />
      <div className="space-y-6">
        <StaffPanel>
          <SettingsForm shop={shop} fields={failure?.fields} />
        </StaffPanel>
        {owner ? (
          <StaffPanel title={t("staff.shop.refund-title")}>
            <RefundLimitForm shop={shop} fields={failure?.fields} />
          </StaffPanel>
        ) : null}
      </div>
    </div>
  );
}
