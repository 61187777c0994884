import { localized } from "@stoa/contract";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { setupAction } from "../../staff/diary/setup-actions.server.ts";
import {
  BookingServiceForm,
  ReservationServiceForm,
  ResourceForm,
  SettingsForm,
} from "../../staff/diary/setup-forms.tsx";
import { FormNotice, failureIn, StaffPageHeader, StaffPanel } from "../../staff/ui.tsx";
import type { Route } from "./+types/booking-setup";

const SETUP_PATH = "/staff/booking-setup";

/** Reservable services, bookable services, resources with their hours, and the shop's booking rules. */
export async function loader({ context }: Route.LoaderArgs) {
  return context.storeApi.page("staffBookingSetup", {});
}

export async function action({ request, context }: Route.ActionArgs) {
  return setupAction(context.storeApi, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, SETUP_PATH, (t) => t("staff.diary.setup.title"));

export default function StaffBookingSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const setup = loaderData;
  const failure = failureIn(actionData);
  const answered = actionData as { ok?: boolean; intent?: string; id?: number | null } | undefined;
  // A refused form shows its field errors beside it; the others stay clean.
  const fieldsFor = (intent: string, id: number | null) =>
    failure && answered?.intent === intent && (answered.id ?? null) === id ? failure.fields : undefined;
  const services = setup.bookingServices.map((s) => ({
    id: s.id,
    name: localized(s.nameLocalizations, locale),
  }));
  const item = (title: string, children: React.ReactNode, key: string, open = false) => (
    <details key={key} open={open} className="rounded-lg border border-stone-200 p-3">
      <summary className="cursor-pointer font-semibold">
        <bdi>{title}</bdi>
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
  return (
    <div className="max-w-5xl space-y-6" data-booking-setup>
      <StaffPageHeader
        title={t("staff.diary.setup.title")}
        intro={t("staff.diary.setup.intro", { zone: setup.timezone })}
      />
      <FormNotice failure={failure} done={answered?.ok ? t("staff.diary.setup.saved") : null} />
      <SettingsForm settings={setup.settings} fields={fieldsFor("settings", null)} />
      <StaffPanel title={t("staff.diary.setup.reservation-services")} className="space-y-3">
        {setup.reservationServices.map((s) =>
          item(
            localized(s.nameLocalizations, locale),
            <ReservationServiceForm
              service={s}
              fields={fieldsFor("reservation-service", s.id)}
              locale={locale}
            />,
            `rs${s.id}`,
            Boolean(fieldsFor("reservation-service", s.id)),
          ),
        )}
        {item(
          t("staff.diary.setup.new-reservation-service"),
          <ReservationServiceForm
            service={null}
            fields={fieldsFor("reservation-service", null)}
            locale={locale}
          />,
          "rs-new",
          Boolean(fieldsFor("reservation-service", null)),
        )}
      </StaffPanel>
      <StaffPanel title={t("staff.diary.setup.booking-services")} className="space-y-3">
        {setup.bookingServices.map((s) =>
          item(
            localized(s.nameLocalizations, locale),
            <BookingServiceForm service={s} fields={fieldsFor("booking-service", s.id)} />,
            `bs${s.id}`,
            Boolean(fieldsFor("booking-service", s.id)),
          ),
        )}
        {item(
          t("staff.diary.setup.new-booking-service"),
          <BookingServiceForm service={null} fields={fieldsFor("booking-service", null)} />,
          "bs-new",
          Boolean(fieldsFor("booking-service", null)),
        )}
      </StaffPanel>
      <StaffPanel title={t("staff.diary.setup.resources")} className="space-y-3">
        {setup.resources.map((r) =>
          item(
            localized(r.nameLocalizations, locale),
            <ResourceForm
              resource={r}
              services={services}
              fields={fieldsFor("resource", r.id)}
              locale={locale}
            />,
            `res${r.id}`,
            Boolean(fieldsFor("resource", r.id)),
          ),
        )}
        {item(
          t("staff.diary.setup.new-resource"),
          <ResourceForm
            resource={null}
            services={services}
            fields={fieldsFor("resource", null)}
            locale={locale}
          />,
          "res-new",
          Boolean(fieldsFor("resource", null)),
        )}
      </StaffPanel>
    </div>
  );
}
