/** Shared class lists, so buttons and inputs look the same in every view. */

const BUTTON_BASE =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

export const buttonClass = {
  primary: `${BUTTON_BASE} bg-brand px-6 py-3 text-sm text-white shadow-sm hover:bg-brand-strong`,
  /** For dark or brand-coloured backgrounds. */
  inverted: `${BUTTON_BASE} bg-white px-6 py-3 text-sm text-stone-950 shadow-sm hover:bg-stone-100`,
  secondary: `${BUTTON_BASE} border border-stone-300 bg-white px-6 py-3 text-sm text-stone-900 hover:border-stone-400 hover:bg-stone-50`,
  /** For what cannot be undone (cancelling an order). */
  danger: `${BUTTON_BASE} bg-red-700 px-6 py-3 text-sm text-white shadow-sm hover:bg-red-800`,
  quiet: `${BUTTON_BASE} px-3 py-2 text-sm text-stone-700 hover:bg-stone-100 hover:text-stone-900`,
  /** app.css `icon-button`: the header repeats it on every page. */
  icon: "icon-button",
} as const;

export const inputClass =
  "block w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/20 sm:text-sm";

/**
 * A link of a page's side menu (account pages, information pages); the current page's in the
 * stronger brand colour, which keeps AA contrast on its tint.
 */
export const sideNavLinkClass =
  "whitespace-nowrap rounded-xl px-3 py-2.5 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950 aria-[current=page]:bg-brand/10 aria-[current=page]:text-brand-strong";

export const containerClass = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8";
