import { CATEGORY_LAYOUTS, type CategoryLayout, parseWithoutEval, toLocale } from "@stoa/contract";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadLocaleTexts } from "./platform/i18n/locale-texts.ts";

/*
 * React Router's own browser entry, but hydration waits for the page language's texts, which are a
 * module of their own (locale-texts.ts), and for the page's list layout (below): the first render
 * in the browser must say what the server said. If they cannot be loaded the page stays as the
 * server sent it, links and forms still working.
 */
/**
 * A product list's layout is a chunk of its own (ListingLayout.tsx). Hydrated before it has come,
 * the list is a boundary still waiting, and the first state the page sets on hydrating (the cart
 * read from storage) makes React drop the server's products and draw the list again, empty until
 * the chunk arrives: so the page's layout comes before hydration too.
 */
function pageLayout(): Promise<void> {
  const layout = document.querySelector("[data-listing-layout]")?.getAttribute("data-listing-layout");
  if (!layout || !(CATEGORY_LAYOUTS as readonly string[]).includes(layout)) return Promise.resolve();
  return import("./catalogue/listing/ListingLayout.tsx").then((module) =>
    module.loadLayout(layout as CategoryLayout),
  );
}

parseWithoutEval();

Promise.all([loadLocaleTexts(toLocale(document.documentElement.lang)), pageLayout()]).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
