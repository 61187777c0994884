import { STAFF_PATH } from "../staff-paths.ts";

/**
 * What the moderation queue shows: reviews waiting to be published, reviews with open reports, the
 * open abuse reports themselves, questions waiting for an answer, the published and hidden reviews,
 * and the hidden questions (to show one again).
 */
export const QUEUE_LISTS = [
  "pending",
  "reports",
  "questions",
  "reported",
  "published",
  "hidden",
  "hidden-questions",
] as const;
export type QueueList = (typeof QUEUE_LISTS)[number];

export type QueueParams = { list: QueueList; page: number };

export function queueParamsOf(search: URLSearchParams): QueueParams {
  const list = search.get("list") ?? "";
  const page = Number(search.get("page") ?? "1");
  return {
    list: (QUEUE_LISTS as readonly string[]).includes(list) ? (list as QueueList) : "pending",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function queueHref({ list, page }: QueueParams): string {
  const query = new URLSearchParams();
  if (list !== "pending") query.set("list", list);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return `${STAFF_PATH}/reviews${text ? `?${text}` : ""}`;
}

/** The moderation actions the queue's forms post, by their `intent`. */
export const QUEUE_INTENTS = [
  "publish",
  "hide",
  "reply",
  "photo",
  "uphold",
  "dismiss",
  "answer",
  "hide-question",
  "show-question",
] as const;
export type QueueIntent = (typeof QUEUE_INTENTS)[number];

export function queueIntentOf(value: FormDataEntryValue | null): QueueIntent | null {
  return typeof value === "string" && (QUEUE_INTENTS as readonly string[]).includes(value)
    ? (value as QueueIntent)
    : null;
}
