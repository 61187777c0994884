import type { Timeslot } from "@stoa/contract";
import { Link } from "react-router";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useHydrated } from "../../platform/ui/use-hydrated.ts";
import { useModal } from "../../shell/modal/ModalProvider.tsx";
import type { TimeChoice } from "./time-choice.ts";

/** One slot: a link to choose it, or "Full" with the waitlist's link, or "too soon". */
export function SlotCell({
  slot,
  choice,
  onChoose,
}: {
  slot: Timeslot;
  choice: TimeChoice;
  onChoose?: () => void;
}) {
  const { t } = useTranslation();
  const chosen = slot.start === choice.chosen;
  if (slot.available)
    return (
      <Link
        to={choice.hrefOf(slot.start)}
        preventScrollReset
        onClick={onChoose}
        aria-current={chosen ? "true" : undefined}
        className={`flex w-full flex-col items-center rounded-xl border px-2 py-2.5 text-sm ${
          chosen
            ? "border-brand bg-brand/5 font-semibold text-brand ring-1 ring-brand"
            : "border-stone-200 text-stone-900 hover:border-brand"
        }`}
        data-slot={slot.start}
        data-available="true"
        data-autofocus={chosen || undefined}
      >
        <bdi className="tabular-nums">{slot.localTime}</bdi>
        <span className="text-xs text-stone-500">{t("reserve.seats-left", { count: slot.seatsLeft })}</span>
      </Link>
    );
  return (
    <div
      className="flex w-full flex-col items-center rounded-xl border border-stone-200 bg-stone-50 px-2 py-2.5 text-sm text-stone-500"
      data-slot={slot.start}
      data-available="false"
      data-reason={slot.reason ?? undefined}
    >
      <bdi className="tabular-nums line-through">{slot.localTime}</bdi>
      <span className="text-xs">
        {t(slot.reason === "full" ? "reserve.slot-full" : "reserve.slot-too-soon")}
      </span>
      {slot.reason === "full" ? (
        <Link
          to={choice.waitlistHrefOf(slot.start)}
          className="mt-1 text-xs font-medium text-brand underline"
          data-waitlist
        >
          {t("reserve.join-waitlist")}
        </Link>
      ) : null}
    </div>
  );
}

export function SlotGrid({ choice, onChoose }: { choice: TimeChoice; onChoose?: () => void }) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {choice.slots.map((slot) => (
        <li key={slot.start}>
          <SlotCell slot={slot} choice={choice} onChoose={onChoose} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The day's times: without scripts a grid of links; with them a button that opens the time picker
 * (SEL_TIME) and shows the time chosen.
 */
export function TimeSlots({ choice }: { choice: TimeChoice }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { openModal } = useModal();
  const chosen = choice.slots.find((slot) => slot.start === choice.chosen);
  if (choice.slots.length === 0)
    return (
      <p className="rounded-xl bg-stone-100 p-4 text-sm text-stone-700" data-no-slots>
        {t("reserve.no-times")}
      </p>
    );
  if (!hydrated) return <SlotGrid choice={choice} />;
  return (
    <button
      type="button"
      className={`${buttonClass.secondary} w-full justify-between sm:w-auto`}
      onClick={() => openModal("SEL_TIME", { kind: "reservation", ...choice })}
      data-open-times
    >
      <span>{chosen ? t("reserve.time-chosen", { time: chosen.localTime }) : t("reserve.choose-time")}</span>
      <span aria-hidden="true">▾</span>
    </button>
  );
}
