import { redirect } from "react-router";
import type { Route } from "./+types/reserve.calendar";

/** The reservation's "Add to calendar" file (`.ics`), made by the API from its manage link's token. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const outcome = await context.storeApi.form("reservationCalendar", { body: { token: params.token } });
  if (!outcome.ok) return redirect(`/reserve/manage/${params.token}`);
  return new Response(outcome.data.ics, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="${outcome.data.fileName}"`,
      "cache-control": "private, no-store",
    },
  });
}
