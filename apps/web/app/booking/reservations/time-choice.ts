import type { Timeslot } from "@stoa/contract";

/** What the time picker needs: the day's slots, where choosing one leads, and a full one's waitlist. */
export type TimeChoice = {
  dayLabel: string;
  slots: Timeslot[];
  chosen: string | null;
  hrefOf: (start: string) => string;
  waitlistHrefOf: (start: string) => string;
};

/** SEL_TIME's payload for a reservation: the day's slots; a full one shows as full with its waitlist link. */
export type ReservationTimesPayload = TimeChoice & { kind: "reservation" };
