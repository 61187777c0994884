import type { ReactNode } from "react";

/**
 * A list with nothing in it (orders, downloads, refunds, wishlist, offers): an icon, what is
 * missing, and where to go instead.
 */
export function EmptyState({
  icon,
  title,
  text,
  action,
  className = "",
  ...rest
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
  /** Room around it, as the page needs. */
  className?: string;
} & Record<`data-${string}`, string | boolean | undefined>) {
  return (
    <div
      className={`rounded-3xl border border-dashed border-stone-300 px-6 py-14 text-center ${className}`}
      {...rest}
    >
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand/10 text-brand">
        {icon}
      </span>
      <p className="mt-5 text-lg font-semibold text-stone-950">{title}</p>
      <p className="mx-auto mt-2 max-w-sm text-sm leading-6 text-stone-600">{text}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
