import type { Booking } from "@stoa/contract";
import { data, Form, Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { AccountLayout } from "../../account/AccountLayout.tsx";
import { type ActionFailure, failureText } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInShopper } from "../../platform/session/auth-state.ts";
import { EmptyState } from "../../platform/ui/EmptyState.tsx";
import { ClockIcon } from "../../platform/ui/icons.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/account-bookings";
import { BookingFacts } from "./appointment-manage.tsx";

/** `/account/bookings`: the signed-in customer's bookings, upcoming first, then the past ones. */
export async function loader({ context }: Route.LoaderArgs) {
  const { storeApi } = context;
  if (!signedInShopper((await storeApi.session()).auth)) return { upcoming: null, past: null };
  const [upcoming, past] = await Promise.all([
    storeApi.page("bookingList", { query: { limit: 50, page: 1 }, body: { when: "upcoming" } }),
    storeApi.page("bookingList", { query: { limit: 20, page: 1 }, body: { when: "past" } }),
  ]);
  return { upcoming: upcoming.records, past: past.records };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/account/bookings", (t) => t("account.bookings.title"));

/** Cancelling one of the customer's own bookings by its id (the API checks it is theirs and in time). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await context.storeApi.form("bookingCancel", {
    params: { id: Number(form.get("id")) },
    body: { reason: "" },
  });
  if (outcome.ok) return { ok: true as const };
  return data(outcome.failure, { status: outcome.status });
}

function BookingCard({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <li
      className="space-y-4 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      data-booking={booking.id}
    >
      <BookingFacts booking={booking} />
      {booking.changeable ? (
        <Form method="post">
          <input type="hidden" name="id" value={booking.id} />
          <button type="submit" className={`${buttonClass.secondary} min-h-11`} data-cancel>
            {t("appointment.manage.cancel-submit")}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

function Bookings({
  upcoming,
  past,
  failure,
}: {
  upcoming: Booking[];
  past: Booking[];
  failure?: ActionFailure;
}) {
  const { t } = useTranslation();
  return (
    <AccountLayout title={t("account.bookings.title")}>
      <div className="space-y-8" data-account-bookings>
        {failure && !failure.ok ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {failureText(failure, t)}
          </p>
        ) : null}
        {upcoming.length + past.length === 0 ? (
          <EmptyState
            icon={<ClockIcon className="size-8" />}
            title={t("account.bookings.empty")}
            text={t("appointment.intro")}
            action={
              <Link to="/appointment" className={buttonClass.primary}>
                {t("account.bookings.book")}
              </Link>
            }
          />
        ) : (
          <>
            <section className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-lg font-bold text-stone-950">{t("account.bookings.upcoming")}</h2>
                <Link to="/appointment" className="text-sm font-medium text-brand underline">
                  {t("account.bookings.book")}
                </Link>
              </div>
              <ul className="space-y-4">
                {upcoming.map((booking) => (
                  <BookingCard key={booking.id} booking={booking} />
                ))}
              </ul>
            </section>
            {past.length > 0 ? (
              <section className="space-y-3">
                <h2 className="text-lg font-bold text-stone-950">{t("account.bookings.past")}</h2>
                <ul className="space-y-4">
                  {past.map((booking) => (
                    <BookingCard key={booking.id} booking={booking} />
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </div>
    </AccountLayout>
  );
}

export default function AccountBookings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RequireAuth ready={loaderData.upcoming !== null}>
      <Bookings
        upcoming={loaderData.upcoming ?? []}
        past={loaderData.past ?? []}
        failure={actionData as ActionFailure | undefined}
      />
    </RequireAuth>
  );
}
