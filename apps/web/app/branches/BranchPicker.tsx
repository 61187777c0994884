import { POSTCODE_PATTERN } from "@stoa/contract";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { CheckCircleIcon, MapPinIcon, SpinnerIcon, StoreIcon } from "../platform/ui/icons.tsx";
import { buttonClass, inputClass } from "../platform/ui/ui.ts";
import { BRANCHES_PATH, type BranchLink, branchesNearHref } from "./branch-links.ts";

/** Why the picker could not send the shopper on: the postcode was not one, or no branch serves it. */
export type BranchProblem = "postcode-invalid" | "postcode-unserved" | null;

type Locating = "idle" | "asking" | "denied" | "unsupported";

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * LOCATION_BASED_SHOP (spec §2), on its page and in its modal: a postcode form that is a plain GET
 * form, so it works before scripts (the page's loader sends the shopper on), a "use my location"
 * button that asks the browser only when pressed and exists only where scripts run, and the
 * branches, nearest first, each a link to its own domain. Both ways load a new document, because
 * the branch chosen is another site.
 */
export function BranchPicker({
  branches,
  postcode,
  problem,
  titleId,
}: {
  branches: readonly BranchLink[];
  postcode: string;
  problem: BranchProblem;
  titleId?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [locating, setLocating] = useState<Locating>("idle");
  const ids = useId();
  const fieldId = `${ids}-postcode`;
  const problemId = `${ids}-problem`;
  const askLocation = () => {
    if (!("geolocation" in navigator)) {
      setLocating("unsupported");
      return;
    }
    setLocating("asking");
    navigator.geolocation.getCurrentPosition(
      (position) =>
        window.location.assign(branchesNearHref(position.coords.latitude, position.coords.longitude)),
      () => setLocating("denied"),
      { maximumAge: 10 * 60_000, timeout: 20_000 },
    );
  };
  return (
    <section data-branch-picker aria-labelledby={titleId}>
      <p className="mt-2 leading-7 text-pretty text-stone-600">{t("branches.lead")}</p>
      <form method="get" action={BRANCHES_PATH} className="mt-6" data-branch-postcode-form>
        <label htmlFor={fieldId} className="block text-sm font-medium text-stone-800">
          {t("branches.postcode")}
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id={fieldId}
            name="postcode"
            defaultValue={postcode}
            required
            maxLength={10}
            pattern={POSTCODE_PATTERN.source.slice(1, -1)}
            autoComplete="postal-code"
            dir="ltr"
            className={`${inputClass} min-w-0 flex-1`}
            aria-invalid={problem === "postcode-invalid" ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
          />
          <button type="submit" className={`${buttonClass.primary} shrink-0`}>
            {t("branches.find")}
          </button>
        </div>
      </form>
      {problem ? (
        <p id={problemId} role="alert" className="mt-2 text-sm text-red-700" data-branch-problem={problem}>
          {t(`branches.${problem}`, { postcode })}
        </p>
      ) : null}
      {hydrated ? (
        <div className="mt-4">
          <button
            type="button"
            className={`${buttonClass.secondary} w-full sm:w-auto`}
            onClick={askLocation}
            disabled={locating === "asking"}
            data-branch-use-location
          >
            {locating === "asking" ? (
              <SpinnerIcon className="size-4 animate-spin" />
            ) : (
              <MapPinIcon className="size-4" />
            )}
            {t(locating === "asking" ? "branches.locating" : "branches.use-location")}
          </button>
          {locating === "denied" || locating === "unsupported" ? (
            <p role="alert" className="mt-2 text-sm text-stone-600" data-branch-location-problem>
              {t(`branches.location-${locating}`)}
            </p>
          ) : null}
        </div>
      ) : null}
      <h3 className="mt-8 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        {t("branches.all")}
      </h3>
      <ul className="mt-3 space-y-3">
        {branches.map((branch) => (
          <li key={branch.storeId}>
            <a
              href={branch.href}
              className="flex items-start gap-4 rounded-2xl border border-stone-200 bg-white p-4 transition-colors hover:border-brand hover:bg-brand/5 aria-[current=true]:border-brand/50"
              aria-current={branch.current ? "true" : undefined}
              data-branch={branch.domain}
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand/10 text-brand">
                <StoreIcon className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold text-stone-950">{branch.area}</span>
                  {branch.current ? (
                    <span className="rounded-full bg-brand/10 px-2 py-0.5 text-xs font-medium text-brand-strong">
                      {t("branches.current")}
                    </span>
                  ) : null}
                </span>
                <span className="mt-0.5 block text-sm text-stone-600">{branch.name}</span>
                {/* Isolated left-to-right, but aligned with the card's language. */}
                <span className="mt-0.5 block text-sm text-stone-500">
                  <bdi dir="ltr">{branch.address}</bdi>
                </span>
                {branch.servesPostcode ? (
                  <span className="mt-1.5 flex items-center gap-1 text-sm font-medium text-brand-strong">
                    <CheckCircleIcon className="size-4" />
                    {t("branches.serves", { postcode })}
                  </span>
                ) : null}
              </span>
              {branch.distanceKm !== null ? (
                <span
                  className="shrink-0 text-sm font-medium text-stone-700 tabular-nums"
                  data-branch-distance
                >
                  {t("branches.distance", { km: branch.distanceKm })}
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
