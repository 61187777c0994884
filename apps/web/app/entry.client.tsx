import { toLocale } from "@stoa/contract";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadLocaleTexts } from "./platform/i18n/locale-texts.ts";

/*
 * React Router's own browser entry, but hydration waits for the page language's texts, which are a
 * module of their own (locale-texts.ts): the first render in the browser must say what the server
 * said. If they cannot be loaded the page stays as the server sent it, links and forms still working.
 */
loadLocaleTexts(toLocale(document.documentElement.lang)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
