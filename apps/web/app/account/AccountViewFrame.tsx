import type { ReactNode } from "react";
import { useTranslation } from "../platform/i18n/translation.tsx";

export function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-stone-400">
      <span className="h-px flex-1 bg-stone-200" />
      {t("login.or")}
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}

/** Title, subtitle and content of every account view, in a modal or on a page. */
export function AccountViewFrame({
  titleId,
  title,
  subtitle,
  top,
  children,
}: {
  titleId: string;
  title: string;
  subtitle?: ReactNode;
  /** Above the title: a back arrow. */
  top?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="px-6 pt-10 pb-8 sm:px-10">
      {top ? <div className="mb-6">{top}</div> : null}
      <h2 id={titleId} className="text-center text-2xl font-bold tracking-tight text-stone-950">
        {title}
      </h2>
      {subtitle ? <p className="mt-2 text-center text-sm leading-6 text-stone-600">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
