import type { ReactNode } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { CloseIcon } from "../../platform/ui/icons.tsx";
import { useDrawer } from "./DrawerProvider.tsx";

export const DRAWER_TITLE_ID = "drawer-title";

/** Title bar with a close button, a scrolling body and an optional footer: the frame of every drawer. */
export function DrawerFrame({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const { closeDrawer } = useDrawer();
  return (
    <>
      <div className="flex h-16 shrink-0 items-center justify-between gap-4 border-b border-stone-200 px-5">
        <h2 id={DRAWER_TITLE_ID} className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={closeDrawer}
          className="-me-2 rounded-full p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
          aria-label={t("dialog.close")}
          data-close
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto overscroll-contain">{children}</div>
      {footer ? <div className="shrink-0 border-t border-stone-200 p-5">{footer}</div> : null}
    </>
  );
}
