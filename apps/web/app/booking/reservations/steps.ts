import type { ReservableService } from "@stoa/contract";

/*
 * The steps of `/reserve`, kept in the address so every step is a plain link or GET form (no
 * scripts needed) and the back button goes a step back: service and party, month, day, time.
 */

export type ReserveChoice = {
  service: number;
  party: number;
  month: string;
  date: string | null;
  start: string | null;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** The choices the address carries, with the service's bounds and today's month where it says nothing. */
export function choiceOf(
  params: URLSearchParams,
  services: readonly ReservableService[],
  today: string,
): ReserveChoice | null {
  const service = services.find((s) => String(s.id) === params.get("service")) ?? services[0];
  if (!service) return null;
  const asked = Number.parseInt(params.get("party") ?? "", 10);
  const party = Number.isFinite(asked)
    ? Math.min(Math.max(asked, service.partyMin), service.partyMax)
    : Math.min(Math.max(2, service.partyMin), service.partyMax);
  const date = DATE.test(params.get("date") ?? "") ? (params.get("date") as string) : null;
  const monthParam = params.get("month") ?? "";
  const month = MONTH.test(monthParam) ? monthParam : (date ?? today).slice(0, 7);
  const start = date && !Number.isNaN(Date.parse(params.get("start") ?? "")) ? params.get("start") : null;
  return { service: service.id, party, month, date, start };
}

/** The address of a choice. */
export function reserveHref(
  choice: Partial<ReserveChoice> & Pick<ReserveChoice, "service" | "party">,
): string {
  const params = new URLSearchParams({ service: String(choice.service), party: String(choice.party) });
  if (choice.month) params.set("month", choice.month);
  if (choice.date) params.set("date", choice.date);
  if (choice.start) params.set("start", choice.start);
  return `/reserve?${params}`;
}

/** The waitlist's page for a full slot (its own part of the issue builds it). */
export function waitlistHref(service: number, start: string, party: number): string {
  return `/reserve/waitlist?${new URLSearchParams({ service: String(service), start, party: String(party) })}`;
}
