import { calendarFile } from "@stoa/contract";
import type { Route } from "./+types/appointment-calendar";

/**
 * `/appointment/manage/:token/calendar.ics`: the booking as a calendar event, the same file the
 * confirmation email links to. Its UID stays through reschedules and its SEQUENCE is the booking's
 * version, so a calendar updates the event instead of adding another; a cancelled one cancels it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const booking = await context.storeApi.page("bookingManageView", { body: { token: params.token } });
  const manage = new URL(`/appointment/manage/${params.token}`, request.url).toString();
  const file = calendarFile({
    uid: booking.calendarUid,
    sequence: booking.version,
    title: `${booking.serviceName}, ${booking.resourceName}; ${booking.storeName}`,
    description: `${booking.code}\n${manage}`,
    location: booking.storeName,
    startsAt: new Date(booking.startsAt),
    endsAt: new Date(booking.endsAt),
    url: manage,
    stamp: new Date(),
    cancelled: booking.status === "cancelled",
  });
  return new Response(file, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="${booking.code}.ics"`,
      "cache-control": "no-store",
    },
  });
}
