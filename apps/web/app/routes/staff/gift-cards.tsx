import {
  FIELD_ERROR_KEYS,
  formatMoney,
  parseMajor,
  type StaffGiftCard,
  staffGiftCardAdjustBodySchema,
  staffGiftCardLookupBodySchema,
} from "@stoa/contract";
import { data, Form, Link, useNavigation } from "react-router";
import { Money, OrderTime } from "../../orders/OrderParts.tsx";
import {
  type ActionFailure,
  type FieldErrors,
  failed,
  invalid,
  invalidFields,
} from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
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
import type { Route } from "./+types/gift-cards";

/** A whole amount in the currency's major units ("12.50"), as minor units; null when it is no amount. */
function minorUnitsOf(text: FormDataEntryValue | null): number | null {
  if (typeof text !== "string") return null;
  try {
    return parseMajor(text.replace(",", "."));
  } catch {
    return null;
  }
}

/**
 * Looking a card up is a post, not a link: its code is what the card is worth to whoever holds it,
 * and an address keeps it in the browser's history and the server's logs.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData();
  const code = form.get("code") ?? "";
  if (form.get("intent") === "adjust") {
    /** A refused change keeps the card on screen under the form, as it stands now. */
    const refused = async (failure: ActionFailure, status: number) => {
      const card = await storeApi.form("staffGiftCardLookup", { body: { code: String(code) } });
      return data({ ...failure, code: String(code), card: card.ok ? card.data : null }, { status });
    };
    const value = minorUnitsOf(form.get("value"));
    if (value === null) return refused(invalidFields({ value: FIELD_ERROR_KEYS.invalid }), 400);
    const check = validateWith(staffGiftCardAdjustBodySchema, { code, value, note: form.get("note") ?? "" });
    if (!check.ok) return refused(invalidFields(check.fields), 400);
    const outcome = await storeApi.form("staffGiftCardAdjust", { body: check.data });
    if (!outcome.ok) return refused(outcome.failure, outcome.status);
    return { ok: true as const, intent: "adjust" as const, code: check.data.code, card: outcome.data };
  }
  const check = validateWith(staffGiftCardLookupBodySchema, { code });
  if (!check.ok) return invalid(check.fields);
  const outcome = await storeApi.form("staffGiftCardLookup", { body: check.data });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, intent: "lookup" as const, code: check.data.code, card: outcome.data };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/gift-cards", (t) => t("staff.gift-cards.title"));

function CardView({ code, card }: { code: string; card: StaffGiftCard }) {
  const { t } = useTranslation();
  return (
    <StaffPanel data-staff-gift-card={card.orderId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-mono text-sm text-stone-600" dir="ltr">
            {code}
          </p>
          <p
            className="mt-1 text-3xl font-bold tabular-nums text-stone-950"
            data-gift-card-value={card.value}
          >
            <Money amount={card.value} currency={card.currency} />
          </p>
        </div>
        <div className="text-end text-sm text-stone-600">
          <p>
            <Link to={`/staff/orders/${card.orderId}`} className="font-medium text-stone-900 hover:underline">
              {t("staff.gift-cards.bought-with", { number: card.orderNumber })}
            </Link>
          </p>
          <p data-gift-card-redeemed={card.redeemed ? "yes" : "no"}>
            {card.redeemed ? (
              <>
                {t("staff.gift-cards.redeemed-on")} <OrderTime at={card.redeemed.at} withTime />
              </>
            ) : (
              t("staff.gift-cards.not-redeemed")
            )}
          </p>
        </div>
      </div>
      <h2 className="mt-5 mb-2 text-sm font-semibold text-stone-900">{t("staff.gift-cards.history")}</h2>
      {card.events.length === 0 ? (
        <p className="text-sm text-stone-600">{t("staff.gift-cards.no-history")}</p>
      ) : (
        <ol className="divide-y divide-stone-100 text-sm" data-gift-card-events>
          {card.events.map((event) => (
            <li
              key={`${event.at}-${event.kind}`}
              className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2"
            >
              <span className="font-medium text-stone-900">
                {t(`staff.gift-cards.event.${event.kind}`)}:{" "}
                <span className="tabular-nums">
                  <Money amount={event.valueBefore} currency={card.currency} /> →{" "}
                  <Money amount={event.valueAfter} currency={card.currency} />
                </span>
                {event.note ? <span className="block font-normal text-stone-600">{event.note}</span> : null}
              </span>
              <span className="text-stone-500">
                <OrderTime at={event.at} withTime />
              </span>
            </li>
          ))}
        </ol>
      )}
    </StaffPanel>
  );
}

function AdjustForm({ code, card, fields }: { code: string; card: StaffGiftCard; fields?: FieldErrors }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <StaffPanel title={t("staff.gift-cards.adjust")}>
      <Form method="post" className="space-y-4" data-staff-gift-card-adjust>
        <input type="hidden" name="intent" value="adjust" />
        <input type="hidden" name="code" value={code} />
        <div>
          <label htmlFor="gift-card-value" className={staffLabel}>
            {t("staff.gift-cards.new-value", { currency: card.currency })}
          </label>
          <input
            id="gift-card-value"
            name="value"
            inputMode="decimal"
            dir="ltr"
            required
            defaultValue={(card.value / 100).toFixed(2)}
            className={`${staffInput} max-w-48`}
            aria-invalid={fields?.value ? true : undefined}
            aria-describedby={fields?.value ? "gift-card-value-error" : undefined}
          />
          <FieldError id="gift-card-value-error" fields={fields} name="value" />
        </div>
        <div>
          <label htmlFor="gift-card-note" className={staffLabel}>
            {t("staff.gift-cards.note")}
          </label>
          <textarea
            id="gift-card-note"
            name="note"
            rows={2}
            required
            maxLength={500}
            className={staffInput}
            aria-invalid={fields?.note ? true : undefined}
            aria-describedby={fields?.note ? "gift-card-note-error" : "gift-card-note-hint"}
          />
          <FieldError id="gift-card-note-error" fields={fields} name="note" />
          <p id="gift-card-note-hint" className="mt-1 text-xs text-stone-500">
            {t("staff.gift-cards.note-hint")}
          </p>
        </div>
        <button type="submit" className={staffButton.primary} disabled={busy}>
          {t("staff.gift-cards.adjust")}
        </button>
      </Form>
    </StaffPanel>
  );
}

type Shown = { ok: boolean; intent?: "lookup" | "adjust"; code?: string; card?: StaffGiftCard | null };

export default function StaffGiftCards({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const navigation = useNavigation();
  const failure = failureIn(actionData);
  const answer = actionData as Shown | undefined;
  const found = answer?.card && answer.code ? { code: answer.code, card: answer.card } : null;
  const sentCode = navigation.formData?.get("code");
  const fields = failure?.fields;
  const codeError = fields?.code ? fields : undefined;
  return (
    <div data-staff-gift-cards>
      <StaffPageHeader title={t("staff.gift-cards.title")} intro={t("staff.gift-cards.intro")} />
      <div className="grid max-w-3xl gap-4">
        <StaffPanel>
          <FormNotice failure={formWideFailure(failure)} />
          <Form method="post" className="flex flex-wrap items-end gap-2" data-staff-gift-card-lookup>
            <input type="hidden" name="intent" value="lookup" />
            <div className="min-w-0 flex-1">
              <label htmlFor="gift-card-code" className={staffLabel}>
                {t("staff.gift-cards.code")}
              </label>
              <input
                id="gift-card-code"
                name="code"
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                required
                defaultValue={found?.code ?? (typeof sentCode === "string" ? sentCode : "")}
                className={`${staffInput} font-mono uppercase`}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? "gift-card-code-error" : undefined}
              />
            </div>
            <button type="submit" className={staffButton.primary}>
              {t("staff.gift-cards.lookup")}
            </button>
            <div className="basis-full">
              <FieldError id="gift-card-code-error" fields={codeError} name="code" />
            </div>
          </Form>
        </StaffPanel>
        {found ? (
          <>
            {answer?.ok && answer.intent === "adjust" ? (
              <FormNotice
                done={t("staff.gift-cards.adjusted", {
                  value: formatMoney(found.card.value, found.card.currency, locale),
                })}
              />
            ) : null}
            <CardView code={found.code} card={found.card} />
            {found.card.redeemed ? null : <AdjustForm code={found.code} card={found.card} fields={fields} />}
          </>
        ) : null}
      </div>
    </div>
  );
}
