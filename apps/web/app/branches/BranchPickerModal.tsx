import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../platform/i18n/translation.tsx";
import { SpinnerIcon } from "../platform/ui/icons.tsx";
import type { loader } from "../routes/shop/branches.tsx";
import { MODAL_TITLE_ID } from "../shell/modal/modal-ids.ts";
import { BranchPicker } from "./BranchPicker.tsx";
import { BRANCHES_PATH } from "./branch-links.ts";

/** LOCATION_BASED_SHOP: the branch picker in the modal, with the branches read when it opens. */
export function BranchPickerModal() {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof loader>();
  const { load, state, data } = fetcher;
  useEffect(() => {
    if (state === "idle" && !data) load(`${BRANCHES_PATH}?list=1`);
  }, [load, state, data]);
  return (
    <div className="px-6 pt-10 pb-8 sm:px-10" data-branch-modal>
      <h2 id={MODAL_TITLE_ID} className="pe-8 text-2xl font-bold tracking-tight text-balance text-stone-950">
        {t("branches.title")}
      </h2>
      {data ? (
        <BranchPicker branches={data.branches} postcode="" problem={null} titleId={MODAL_TITLE_ID} />
      ) : (
        <p className="mt-6 flex items-center gap-2 text-stone-600">
          <SpinnerIcon className="size-4 animate-spin" />
          {t("branches.loading")}
        </p>
      )}
    </div>
  );
}
