import { LOCALES } from "@stoa/contract";
import { data } from "react-router";
import type { StoreApi } from "../../platform/api/store-api.server.ts";
import { missing } from "./diary-actions.server.ts";

/* The booking setup page's posts: each form's fields made into its call's body; the API checks them. */

const minutesOf = (value: FormDataEntryValue | null) => {
  const m = /^(\d{2}):(\d{2})$/.exec(String(value ?? ""));
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};
const num = (form: FormData, name: string) => Number(form.get(name));
const names = (form: FormData, prefix: string) =>
  Object.fromEntries(
    LOCALES.flatMap((locale) => {
      const text = String(form.get(`${prefix}.${locale}`) ?? "").trim();
      return text ? [[locale, text]] : [];
    }),
  );
const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  return Number.isInteger(id) && id > 0 ? id : null;
};

type Outcome = Awaited<ReturnType<StoreApi["form"]>>;
function answer(intent: string, id: number | null, outcome: Outcome) {
  if (outcome.ok) return { ok: true as const, intent };
  return data({ ...outcome.failure, intent, id }, { status: outcome.status });
}

export async function setupAction(storeApi: StoreApi, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const id = idOf(form);
  const active = form.get("active") === "on";
  if (intent === "settings")
    return answer(
      intent,
      null,
      await storeApi.form("staffBookingSettingsSave", {
        body: {
          leadMinutes: num(form, "leadMinutes"),
          horizonDays: num(form, "horizonDays"),
          cancelWindowMinutes: num(form, "cancelWindowMinutes"),
          waitlistHoldMinutes: num(form, "waitlistHoldMinutes"),
          slotStepMinutes: num(form, "slotStepMinutes"),
          reminders: form.get("reminders") === "on",
        },
      }),
    );
  if (intent === "reservation-service")
    return answer(
      intent,
      id,
      await storeApi.form("staffReservationServiceSave", {
        body: {
          id,
          nameLocalizations: names(form, "name"),
          descriptionLocalizations: names(form, "description"),
          weekdays: form.getAll("weekdays").map(Number),
          firstSlot: minutesOf(form.get("firstSlot")),
          lastSlot: minutesOf(form.get("lastSlot")),
          slotEveryMinutes: num(form, "slotEveryMinutes"),
          stayMinutes: num(form, "stayMinutes"),
          capacity: num(form, "capacity"),
          capacityUnit: form.get("capacityUnit") === "tables" ? "tables" : "covers",
          tableSeats: num(form, "tableSeats"),
          partyMin: num(form, "partyMin"),
          partyMax: num(form, "partyMax"),
          active,
        },
      }),
    );
  if (intent === "booking-service")
    return answer(
      intent,
      id,
      await storeApi.form("staffBookingServiceSave", {
        body: {
          id,
          nameLocalizations: names(form, "name"),
          descriptionLocalizations: names(form, "description"),
          durationMinutes: num(form, "durationMinutes"),
          bufferMinutes: num(form, "bufferMinutes"),
          price: num(form, "price"),
          deposit: num(form, "deposit"),
          active,
        },
      }),
    );
  if (intent === "resource")
    return answer(
      intent,
      id,
      await storeApi.form("staffBookingResourceSave", {
        body: {
          id,
          nameLocalizations: names(form, "name"),
          hours: [0, 1, 2, 3, 4, 5, 6]
            .filter((day) => form.get(`open.${day}`) === "on")
            .map((weekday) => ({
              weekday,
              opens: minutesOf(form.get(`opens.${weekday}`)),
              closes: minutesOf(form.get(`closes.${weekday}`)),
            })),
          serviceIds: form.getAll("serviceIds").map(Number),
          active,
        },
      }),
    );
  return missing(intent, "intent");
}
