import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useModal } from "../../shell/modal/ModalProvider.tsx";
import { MODAL_TITLE_ID } from "../../shell/modal/modal-ids.ts";
import { SlotGrid } from "./TimeSlots.tsx";
import type { ReservationTimesPayload } from "./time-choice.ts";

/** SEL_TIME for a reservation: the day's slots; a full one shows as full with its waitlist link. */
export function ReservationTimesView(payload: ReservationTimesPayload) {
  const { t } = useTranslation();
  const { closeModal } = useModal();
  return (
    <div className="px-5 pt-8 pb-6 sm:px-8" data-reservation-times>
      <h2 id={MODAL_TITLE_ID} className="pe-10 text-xl font-semibold text-stone-950">
        {t("reserve.choose-time")}
      </h2>
      <p className="mt-1 mb-5 text-sm text-stone-600">{payload.dayLabel}</p>
      <SlotGrid choice={payload} onChoose={closeModal} />
    </div>
  );
}
