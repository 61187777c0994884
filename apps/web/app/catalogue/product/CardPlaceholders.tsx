/**
 * Grey stand-ins of product cards, the room the cards will take, while a part of the page the
 * shopper scrolls near is on its way (decision 031). Hidden from assistive technology: there is
 * nothing to read yet.
 */
export function CardPlaceholders({ count, itemClassName }: { count: number; itemClassName: string }) {
  return Array.from({ length: count }, (_, n) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the stand-ins are all alike and never move.
    <div key={n} className={`${itemClassName} flex-col gap-3 motion-safe:animate-pulse`} aria-hidden="true">
      <div className="aspect-square w-full rounded-2xl bg-stone-100" />
      <div className="h-4 w-3/4 rounded bg-stone-100" />
      <div className="h-4 w-1/3 rounded bg-stone-100" />
    </div>
  ));
}
