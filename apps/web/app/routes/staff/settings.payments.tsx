import {
  BAMBORA_KEY_FIELDS,
  CARD_GATEWAYS,
  type CardGateway,
  FIELD_ERROR_KEYS,
  STRIPE_KEY_FIELDS,
  type StaffPaymentSettings,
  staffBamboraKeysBodySchema,
  staffStripeKeysBodySchema,
} from "@stoa/contract";
import type { ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import { type FieldErrors, failed, invalid } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import {
  FieldError,
  FormNotice,
  failureIn,
  StaffPageHeader,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/settings.payments";

/*
 * The owner's payment settings (decision 057). Keys are written here and never read back: the
 * page shows whether each is set, an empty field keeps the key saved, and "Remove" clears it. A
 * key typed in is never put back into the page, not even after a refused save.
 */

/** Only the owner's role opens it: the API refuses the settings to others (the role page). */
export async function loader({ context }: Route.LoaderArgs) {
  return { payments: await context.storeApi.page("staffPaymentSettings", {}) };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

type Done = "providers" | "card-provider" | "stripe" | "bambora";

export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData();
  const intent = text(form, "intent");
  const saved = (done: Done, payments: StaffPaymentSettings) => ({ ok: true as const, done, payments });
  if (intent === "providers") {
    const providers = {
      testCard: form.get("testCard") === "on",
      stripe: form.get("stripe") === "on",
      bambora: form.get("bambora") === "on",
    };
    const outcome = await storeApi.form("staffSetPaymentProviders", { body: providers });
    if (outcome.ok) return saved("providers", outcome.data);
    // Refused: the boxes stay as they were ticked, beside the reason (a page without scripts too).
    return data({ ...outcome.failure, providers }, { status: outcome.status });
  }
  if (intent === "card-provider") {
    const cardProvider = text(form, "cardProvider");
    if (!(CARD_GATEWAYS as readonly string[]).includes(cardProvider))
      return invalid({ cardProvider: FIELD_ERROR_KEYS.required });
    const outcome = await storeApi.form("staffSetCardProvider", {
      body: { cardProvider: cardProvider as CardGateway },
    });
    if (!outcome.ok) return failed(outcome);
    return saved("card-provider", await storeApi.page("staffPaymentSettings", {}));
  }
  if (intent === "stripe" || intent === "bambora") {
    const fields = intent === "stripe" ? STRIPE_KEY_FIELDS : BAMBORA_KEY_FIELDS;
    const values = {
      ...Object.fromEntries(fields.map((name) => [name, text(form, name)])),
      remove: form.getAll("remove").filter((name) => (fields as readonly unknown[]).includes(name)),
    };
    const check =
      intent === "stripe"
        ? validateWith(staffStripeKeysBodySchema, values)
        : validateWith(staffBamboraKeysBodySchema, values);
    if (!check.ok) return invalid(check.fields);
    const outcome =
      intent === "stripe"
        ? await storeApi.form("staffSetStripeKeys", { body: check.data as never })
        : await storeApi.form("staffSetBamboraKeys", { body: check.data as never });
    return outcome.ok ? saved(intent, outcome.data) : failed(outcome);
  }
  return invalid({ intent: FIELD_ERROR_KEYS.invalid });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/settings/payments", (t) => t("staff.payments.title"));

const checkbox = "mt-0.5 size-4 shrink-0 rounded border-stone-400";

function SetBadge({ set }: { set: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${
        set ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200" : "bg-stone-100 text-stone-600"
      }`}
      data-key-set={set}
    >
      {set ? t("staff.payments.set") : t("staff.payments.not-set")}
    </span>
  );
}

function ProvidersForm({
  payments,
  ticked,
  fields,
}: {
  payments: StaffPaymentSettings;
  ticked: StaffPaymentSettings["providers"];
  fields?: FieldErrors;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const rows: { name: "testCard" | "stripe" | "bambora"; label: string; hint: string }[] = [
    { name: "testCard", label: t("staff.payments.test-card"), hint: t("staff.payments.test-card-hint") },
    {
      name: "stripe",
      label: t("staff.payments.stripe"),
      hint: t(`staff.payments.account.${payments.stripe.account}`),
    },
    {
      name: "bambora",
      label: t("staff.payments.bambora"),
      hint: t(`staff.payments.account.${payments.bambora.account}`),
    },
  ];
  return (
    <Form method="post" className="space-y-4" data-payment-providers>
      <input type="hidden" name="intent" value="providers" />
      <ul className="space-y-3">
        {rows.map((row) => (
          <li key={row.name}>
            <label className="flex items-start gap-3 text-sm text-stone-800">
              <input
                type="checkbox"
                name={row.name}
                defaultChecked={ticked[row.name]}
                className={checkbox}
                data-provider={row.name}
                aria-describedby={`provider-${row.name}-hint`}
              />
              <span className="min-w-0">
                <span className="block font-medium text-stone-900">{row.label}</span>
                <span id={`provider-${row.name}-hint`} className="block text-xs text-stone-500">
                  {row.hint}
                </span>
              </span>
            </label>
            <FieldError id={`provider-${row.name}-error`} fields={fields} name={row.name} />
          </li>
        ))}
      </ul>
      <button type="submit" className={staffButton.primary} disabled={busy}>
        {t("staff.payments.save-providers")}
      </button>
    </Form>
  );
}

function CardProviderForm({ payments, fields }: { payments: StaffPaymentSettings; fields?: FieldErrors }) {
  const { t } = useTranslation();
  const names: Record<CardGateway, string> = {
    stripe: t("staff.payments.stripe"),
    bambora: t("staff.payments.bambora"),
    "test-card": t("staff.payments.test-card"),
  };
  if (payments.offered.length === 0)
    return <p className="text-sm text-stone-600">{t("staff.payments.no-card-provider")}</p>;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" data-card-provider>
      <input type="hidden" name="intent" value="card-provider" />
      <div className="w-full max-w-xs">
        <label htmlFor="card-provider" className={staffLabel}>
          {t("staff.payments.new-cards")}
        </label>
        <select
          id="card-provider"
          name="cardProvider"
          defaultValue={payments.cardProvider ?? undefined}
          className={staffInput}
          aria-describedby="card-provider-hint"
        >
          {payments.offered.map((gateway) => (
            <option key={gateway} value={gateway}>
              {names[gateway]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={staffButton.secondary}>
        {t("staff.payments.save-new-cards")}
      </button>
      <p id="card-provider-hint" className="basis-full text-xs text-stone-500">
        {t("staff.payments.new-cards-hint")}
      </p>
      <FieldError id="card-provider-error" fields={fields} name="cardProvider" />
    </Form>
  );
}

type KeyName = (typeof STRIPE_KEY_FIELDS)[number] | (typeof BAMBORA_KEY_FIELDS)[number];

function KeyField({
  name,
  set,
  removable,
  fields,
  children,
  numeric = false,
}: {
  name: KeyName;
  set: boolean;
  removable: boolean;
  fields?: FieldErrors;
  children?: ReactNode;
  numeric?: boolean;
}) {
  const { t } = useTranslation();
  const id = `key-${name}`;
  return (
    <div data-key-field={name}>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {t(`staff.payments.fields.${name}`)}
        </label>
        <SetBadge set={set} />
      </div>
      <input
        id={id}
        name={name}
        type="password"
        inputMode={numeric ? "numeric" : undefined}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        maxLength={255}
        placeholder={set ? t("staff.payments.placeholder-set") : ""}
        className={staffInput}
        aria-invalid={fields?.[name] ? true : undefined}
        aria-describedby={fields?.[name] ? `${id}-error` : undefined}
      />
      {children}
      <FieldError id={`${id}-error`} fields={fields} name={name} />
      {set && removable ? (
        <label className="mt-1.5 inline-flex items-center gap-2 text-sm text-stone-700">
          <input type="checkbox" name="remove" value={name} className={checkbox} data-remove-key={name} />
          {t("staff.payments.remove")}
        </label>
      ) : null}
    </div>
  );
}

function KeysForm({
  intent,
  disabled,
  children,
  save,
}: {
  intent: "stripe" | "bambora";
  disabled: boolean;
  children: ReactNode;
  save: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-4" data-provider-keys={intent}>
      <input type="hidden" name="intent" value={intent} />
      <p className="text-xs text-stone-500">{t("staff.payments.keys-hint")}</p>
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
      <button type="submit" className={staffButton.primary} disabled={busy || disabled}>
        {save}
      </button>
    </Form>
  );
}

export default function StaffPaymentSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureIn(actionData);
  const answer = actionData && "payments" in actionData ? actionData : null;
  const payments = answer?.payments ?? loaderData.payments;
  const fields = failure?.fields;
  // The boxes as the owner ticked them, when the providers' save was refused.
  const asked =
    failure && actionData && "providers" in actionData
      ? (actionData.providers as StaffPaymentSettings["providers"])
      : null;
  const { stripe, bambora } = payments;
  // Field errors sit on their fields; any other refusal (no PAYMENT_SECRETS_KEY, a provider
  // without keys) is also said once at the top.
  const notice =
    failure && (Object.keys(failure.fields).length === 0 || failure.code !== "400") ? failure : null;
  // A save starts each form again from what the shop now keeps (typed keys are not put back).
  const version = JSON.stringify(payments);
  return (
    <div data-staff-payments>
      <StaffPageHeader title={t("staff.payments.title")} intro={t("staff.payments.intro")} />
      <FormNotice failure={notice} done={answer ? t(`staff.payments.done.${answer.done}`) : null} />
      {payments.keysCanBeSaved ? null : (
        <p
          role="note"
          className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
          data-no-secrets-key
        >
          {t("staff.payments.no-secrets-key")}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <StaffPanel title={t("staff.payments.providers")}>
          <ProvidersForm
            key={version}
            payments={payments}
            ticked={asked ?? payments.providers}
            fields={fields}
          />
        </StaffPanel>
        <StaffPanel title={t("staff.payments.new-cards-title")}>
          <CardProviderForm key={version} payments={payments} fields={fields} />
        </StaffPanel>
        <StaffPanel title={t("staff.payments.stripe-keys")} className="lg:col-span-2">
          <KeysForm
            key={version}
            intent="stripe"
            disabled={!payments.keysCanBeSaved}
            save={t("staff.payments.save-stripe")}
          >
            <KeyField name="secretKey" set={stripe.secretKey} removable fields={fields}>
              {stripe.mode ? (
                <p className="mt-1 text-xs text-stone-500" data-stripe-mode={stripe.mode}>
                  {t(`staff.payments.mode.${stripe.mode}`)}
                </p>
              ) : null}
            </KeyField>
            <KeyField name="publishableKey" set={stripe.publishableKey !== null} removable fields={fields}>
              {stripe.publishableKey ? (
                <p dir="ltr" className="mt-1 break-all text-xs text-stone-500" data-publishable-key>
                  {stripe.publishableKey}
                </p>
              ) : null}
            </KeyField>
            <KeyField name="webhookSecret" set={stripe.webhookSecret} removable fields={fields} />
          </KeysForm>
        </StaffPanel>
        <StaffPanel title={t("staff.payments.bambora-keys")} className="lg:col-span-2">
          <KeysForm
            key={version}
            intent="bambora"
            disabled={!payments.keysCanBeSaved}
            save={t("staff.payments.save-bambora")}
          >
            <KeyField name="merchantId" set={bambora.merchantId} removable numeric fields={fields} />
            <KeyField name="paymentsPasscode" set={bambora.paymentsPasscode} removable fields={fields} />
            <KeyField name="profilesPasscode" set={bambora.profilesPasscode} removable fields={fields} />
            <KeyField name="reportingPasscode" set={bambora.reportingPasscode} removable fields={fields} />
          </KeysForm>
        </StaffPanel>
      </div>
    </div>
  );
}
