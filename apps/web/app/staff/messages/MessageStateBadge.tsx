import type { StaffContactMessage } from "@stoa/contract";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { contactStateOf } from "./message-params.ts";

const STATE_BADGE = {
  unread: "bg-amber-100 text-amber-900",
  read: "bg-stone-100 text-stone-700",
  answered: "bg-emerald-50 text-emerald-800",
} as const;

/** Where a message stands, in words and colour: unread, read or answered. */
export function MessageStateBadge({ message }: { message: StaffContactMessage }) {
  const { t } = useTranslation();
  const state = contactStateOf(message);
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_BADGE[state]}`}
      data-message-state={state}
    >
      {t(`staff.messages.state.${state}`)}
    </span>
  );
}
