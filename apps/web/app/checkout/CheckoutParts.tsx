import { formatMoney } from "@stoa/contract";
import type { ReactNode } from "react";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { AlertIcon } from "../platform/ui/icons.tsx";
import { radioMoves } from "../platform/ui/radio-moves.ts";
import { useShop } from "../shell/root-data.ts";
import type { CheckoutField, MissingChoices } from "./checkout-checks.ts";

/** An amount of the shop's money, read left to right in every language (as the cart shows it). */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  const { locale } = useShop();
  return <bdi dir="ltr">{formatMoney(amount, currency, locale)}</bdi>;
}

/**
 * A message on the part of the page it concerns: a missing choice, a refused card, a full window.
 * Focus may be put on it (a refused order takes the shopper to what the shop said), so it takes
 * focus without being a tab stop.
 */
export function StepMessage({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p
      id={id}
      role="alert"
      tabIndex={-1}
      className="mt-4 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-2.5 text-sm text-red-800 outline-none focus-visible:ring-2 focus-visible:ring-focus"
      data-step-message
    >
      <AlertIcon className="mt-px size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** The missing choice of one field, translated, or nothing. */
export function MissingMessage({ missing, field }: { missing: MissingChoices; field: CheckoutField }) {
  const { t } = useTranslation();
  const key = missing[field];
  return key ? <StepMessage id={`missing-${field}`}>{t(key)}</StepMessage> : null;
}

/** The ids of what the shop said of a step when it refused the order, for a control to be read with. */
export function refusalIdsOf(stepId: string, messages: readonly string[]): string | undefined {
  return messages.map((_, index) => `${stepId}-refused-${index}`).join(" ") || undefined;
}

/**
 * One step of the checkout form: a numbered card with its title, an optional control on the title's
 * line, and its content. Steps are landmarks, so a keyboard or screen-reader user can jump between them.
 */
export function CheckoutStep({
  id,
  number,
  title,
  icon,
  aside,
  messages = [],
  children,
}: {
  id: string;
  number: number;
  title: string;
  icon: ReactNode;
  aside?: ReactNode;
  /** What the shop said about this step when it refused the order (a declined card, a full window). */
  messages?: readonly string[];
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      className="scroll-mt-40 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm outline-none sm:p-6"
      data-checkout-step={id}
      id={id}
    >
      <div className="flex items-center gap-3">
        <span
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand"
          aria-hidden="true"
        >
          {icon}
        </span>
        <h2 id={`${id}-title`} className="flex-1 text-lg font-semibold text-stone-950">
          <span className="sr-only">{number}. </span>
          {title}
        </h2>
        {aside}
      </div>
      <div className="mt-5">{children}</div>
      {messages.map((message, index) => (
        <StepMessage key={message} id={`${id}-refused-${index}`}>
          {message}
        </StepMessage>
      ))}
    </section>
  );
}

/** One keyboard for the page: the choice cards of every group share what it is doing. */
const moves = radioMoves();

/**
 * A choice among a few, as a card with a real radio button inside (arrow keys move between the
 * cards of one group, as between any radio buttons). A choice whose pick does more than choose
 * (opens a dialog) says so with `onPick`: moving through the group with the arrow keys only
 * chooses, and the more is done for a click, Space or Enter alone.
 */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  onPick,
  title,
  detail,
  icon,
  end,
  disabled = false,
  autoFocusHere = false,
}: {
  name: string;
  value: string;
  checked: boolean;
  /** The choice became this one; with `onPick`, only by an arrow key. */
  onChange: () => void;
  /** The shopper picked this choice (a click, Space or Enter), even when it is chosen already. */
  onPick?: () => void;
  title: ReactNode;
  detail?: ReactNode;
  icon?: ReactNode;
  /** Shown at the end of the card: a price, say. */
  end?: ReactNode;
  disabled?: boolean;
  /** Where focus goes when the dialog this choice is in opens. */
  autoFocusHere?: boolean;
}) {
  return (
    <label
      className={`relative flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus ${
        checked ? "border-brand bg-brand/5 ring-1 ring-brand" : "border-stone-200 hover:border-stone-400"
      } ${disabled ? "cursor-not-allowed opacity-60" : ""}`}
      data-choice={value}
      data-checked={checked || undefined}
      onPointerDown={moves.pointerDown}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => {
          if (!onPick || moves.byArrow()) onChange();
        }}
        onClick={() => {
          if (onPick && !moves.byArrow()) onPick();
        }}
        onKeyDown={(event) => {
          moves.keyDown(event.key);
          // Space on a choice not yet made clicks it (heard above); on the one made it does nothing.
          if (onPick && (event.key === "Enter" || (event.key === " " && checked))) {
            event.preventDefault();
            onPick();
          }
        }}
        onKeyUp={moves.keyUp}
        disabled={disabled}
        data-autofocus={autoFocusHere || undefined}
        className="mt-0.5 size-4 shrink-0 accent-brand"
      />
      {icon ? <span className={`shrink-0 ${checked ? "text-brand" : "text-stone-500"}`}>{icon}</span> : null}
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-stone-950">{title}</span>
        {detail ? <span className="mt-0.5 block text-sm text-stone-600">{detail}</span> : null}
      </span>
      {end ? <span className="shrink-0 text-sm font-semibold tabular-nums text-stone-950">{end}</span> : null}
    </label>
  );
}

/** The small bordered button beside a step's content: change, edit, add. */
export const stepButtonClass =
  "inline-flex items-center gap-1.5 rounded-full border border-stone-300 px-3.5 py-1.5 text-sm font-medium text-stone-800 hover:border-stone-400 hover:bg-stone-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-focus";
