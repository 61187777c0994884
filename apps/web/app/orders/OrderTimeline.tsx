import type { Order } from "@stoa/contract";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CloseIcon } from "../platform/ui/icons.tsx";
import { OrderTime } from "./OrderParts.tsx";
import { ORDER_STATUS_TONE, type TimelineStep, timelineSteps } from "./order-status.ts";

function StepDot({ step }: { step: TimelineStep }) {
  const stopped = ORDER_STATUS_TONE[step.status] === "stopped";
  if (stopped) {
    return (
      <span className="flex size-6 items-center justify-center rounded-full bg-red-600 text-white ring-4 ring-white">
        <CloseIcon className="size-3.5" strokeWidth={3} />
      </span>
    );
  }
  if (step.state === "upcoming") {
    return (
      <span className="block size-6 rounded-full border-2 border-stone-300 bg-white ring-4 ring-white" />
    );
  }
  return (
    <span
      className={`flex size-6 items-center justify-center rounded-full bg-brand ring-4 ${step.state === "current" ? "ring-brand/20" : "ring-white"}`}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-3.5 text-white">
        <path d="M6 12.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" />
      </svg>
    </span>
  );
}

/**
 * The status timeline: a vertical list from top to bottom, the line running down the start side
 * (right in Arabic and Hebrew), each step with its localized date once reached.
 */
export function OrderTimeline({
  order,
}: {
  order: Pick<Order, "status" | "delivery_type" | "timeline" | "timezone">;
}) {
  const { t } = useTranslation();
  const steps = timelineSteps(order);
  return (
    <ol className="relative" data-order-timeline>
      {steps.map((step, index) => {
        const last = index === steps.length - 1;
        const lineDone = !last && steps[index + 1]?.state !== "upcoming";
        return (
          <li
            key={step.status}
            className="relative flex gap-4 pb-6 last:pb-0"
            data-step={step.status}
            data-step-state={step.state}
            aria-current={step.state === "current" ? "step" : undefined}
          >
            {last ? null : (
              <span
                aria-hidden="true"
                className={`absolute start-[11px] top-7 bottom-1 w-0.5 rounded-full ${lineDone ? "bg-brand" : "bg-stone-200"}`}
              />
            )}
            <span className="relative shrink-0">
              <StepDot step={step} />
            </span>
            <div className="min-w-0 pt-0.5">
              <p
                className={`text-sm font-semibold ${step.state === "upcoming" ? "text-stone-500" : "text-stone-950"}`}
              >
                {t(`orders.status.${step.status}`)}
                {step.state === "upcoming" ? (
                  <span className="sr-only"> ({t("orders.timeline.ahead")})</span>
                ) : null}
              </p>
              {step.at ? (
                <p className="mt-0.5 text-sm text-stone-600">
                  <OrderTime at={step.at} withTime timeZone={order.timezone} />
                </p>
              ) : step.state === "done" ? (
                <p className="mt-0.5 text-sm text-stone-500">{t("orders.timeline.passed")}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
