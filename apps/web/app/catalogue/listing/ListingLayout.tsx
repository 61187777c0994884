import { CATEGORY_LAYOUTS, type CategoryLayout } from "@stoa/contract";
import { type ComponentType, Suspense, use, useEffect, useState } from "react";
import type { LayoutProps } from "./listing-types.ts";

type LayoutComponent = ComponentType<LayoutProps>;

/**
 * One chunk per layout: a shop only ever downloads the layout it uses (and a preview the one it
 * previews). Each module's default export is the layout.
 */
const LAYOUT_MODULES: Record<CategoryLayout, () => Promise<{ default: LayoutComponent }>> = {
  classic: () => import("./layouts/ClassicLayout.tsx"),
  modern: () => import("./layouts/ModernLayout.tsx"),
  standard: () => import("./layouts/StandardLayout.tsx"),
  minimal: () => import("./layouts/MinimalLayout.tsx"),
  compact: () => import("./layouts/CompactLayout.tsx"),
  restaurant: () => import("./layouts/RestaurantLayout.tsx"),
  electronics: () => import("./layouts/ElectronicsLayout.tsx"),
  carPart: () => import("./layouts/CarPartLayout.tsx"),
  furniture: () => import("./layouts/FurnitureLayout.tsx"),
  newfurniturmenu: () => import("./layouts/NewFurnitureMenuLayout.tsx"),
  vegetables: () => import("./layouts/VegetablesLayout.tsx"),
};

const loaded = new Map<CategoryLayout, LayoutComponent>();
const loading = new Map<CategoryLayout, Promise<void>>();

/** Fetches a layout's chunk once; the same promise for everyone who asks meanwhile. */
export function loadLayout(layout: CategoryLayout): Promise<void> {
  if (loaded.has(layout)) return Promise.resolve();
  let pending = loading.get(layout);
  if (!pending) {
    pending = LAYOUT_MODULES[layout]().then((module) => {
      loaded.set(layout, module.default);
    });
    loading.set(layout, pending);
  }
  return pending;
}

/**
 * The server has every layout in memory before it renders, so the page arrives complete, with no
 * placeholder to swap by script (shoppers without JavaScript and crawlers see the products).
 */
export function loadAllLayouts(): Promise<void> {
  return Promise.all(CATEGORY_LAYOUTS.map(loadLayout)).then(() => undefined);
}

/** Placeholder while a layout's chunk arrives on a client-side switch. */
function LayoutLoading() {
  return (
    <div className="mx-auto w-full max-w-7xl animate-pulse px-4 py-10 sm:px-6 lg:px-8" aria-busy="true">
      <div className="h-9 w-64 rounded-lg bg-stone-200" />
      <div className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className="aspect-[3/4] rounded-2xl bg-stone-100" />
        ))}
      </div>
    </div>
  );
}

/** The layout itself, rendered at once when its chunk is in, else suspended until it is. */
function LoadedLayout({ layout, listing }: LayoutProps) {
  const Layout = loaded.get(layout);
  if (!Layout) {
    use(loadLayout(layout));
    return null;
  }
  return <Layout layout={layout} listing={listing} />;
}

/** Runs once the layout around it is live (its chunk loaded and hydrated), to say the list takes input. */
function WhenLive({ then }: { then: (live: true) => void }) {
  useEffect(() => then(true), [then]);
  return null;
}

export function ListingLayout({ layout, listing }: LayoutProps) {
  const [live, setLive] = useState(false);
  return (
    <div data-listing-layout={layout} data-listing-live={live ? "" : undefined}>
      <Suspense fallback={<LayoutLoading />}>
        <LoadedLayout layout={layout} listing={listing} />
        <WhenLive then={setLive} />
      </Suspense>
    </div>
  );
}
