import { useState } from "react";
import { TextField } from "../account/FormFields.tsx";
import { groupedCardNumber } from "../checkout/card-entry.ts";
import type { FieldErrors } from "../platform/api/form-answer.ts";
import { useTranslation } from "../platform/i18n/translation.tsx";

/** The names the card's fields post under, as the contract's card schema reads them. */
export const CARD_FIELDS = ["number", "expiryMonth", "expiryYear", "cvc", "name"] as const;

/** A card already given, shown again when its form reopens; the security code never is. */
export type CardFieldsInitial = { number: string; expiryMonth: string; expiryYear: string; name: string };

/**
 * A card's number, expiry, security code and the name on it, typed into this page: the test
 * provider's card (ADD_OR_UPDATE_CHECKOUT_CREDIT_CARD) and Bambora's, which the browser sends to
 * Bambora alone (ADD_NEW_CARD_BAMBORA, USE_NEW_PAYMENT).
 */
export function CardFields({
  errors,
  initial,
  nameMaxLength = 64,
}: {
  errors: FieldErrors;
  initial?: CardFieldsInitial | null;
  nameMaxLength?: number;
}) {
  const { t } = useTranslation();
  const [number, setNumber] = useState(groupedCardNumber(initial?.number ?? ""));
  return (
    <>
      <TextField
        label={t("checkout.card.number")}
        name="number"
        errors={errors}
        inputMode="numeric"
        autoComplete="cc-number"
        dir="ltr"
        value={number}
        onChange={(event) => setNumber(groupedCardNumber(event.target.value))}
        maxLength={23}
        placeholder="1234 1234 1234 1234"
        autoFocusHere
      />
      <div className="grid grid-cols-3 gap-3">
        <TextField
          label={t("checkout.card.month")}
          name="expiryMonth"
          errors={errors}
          inputMode="numeric"
          autoComplete="cc-exp-month"
          dir="ltr"
          maxLength={2}
          placeholder="MM"
          defaultValue={initial?.expiryMonth}
        />
        <TextField
          label={t("checkout.card.year")}
          name="expiryYear"
          errors={errors}
          inputMode="numeric"
          autoComplete="cc-exp-year"
          dir="ltr"
          maxLength={4}
          placeholder="YY"
          defaultValue={initial ? initial.expiryYear.slice(-2) : undefined}
        />
        <TextField
          label={t("checkout.card.cvc")}
          name="cvc"
          errors={errors}
          inputMode="numeric"
          autoComplete="cc-csc"
          dir="ltr"
          maxLength={4}
          placeholder="123"
          type="password"
        />
      </div>
      <TextField
        label={t("checkout.card.name")}
        name="name"
        errors={errors}
        autoComplete="cc-name"
        defaultValue={initial?.name}
        maxLength={nameMaxLength}
      />
    </>
  );
}
