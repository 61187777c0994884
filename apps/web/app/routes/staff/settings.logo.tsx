import { FIELD_ERROR_KEYS, LOGO_MAX_BYTES, LOGO_TYPES, type StaffLogo } from "@stoa/contract";
import { Form, useNavigation } from "react-router";
import { type FieldErrors, failed, invalid } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import {
  FieldError,
  FormNotice,
  failureIn,
  formWideFailure,
  StaffPageHeader,
  StaffPanel,
  staffButton,
  staffInput,
  staffLabel,
} from "../../staff/ui.tsx";
import type { Route } from "./+types/settings.logo";

/** The shop's logo (manager and owner; others meet the role page). */
export async function loader({ context }: Route.LoaderArgs) {
  return { logo: await context.storeApi.page("staffLogo", {}) };
}

/** What a multipart post may carry beside the picture itself (its boundaries and field names). */
const FORM_OVERHEAD_BYTES = 16 * 1024;

/**
 * Takes the picture of a plain multipart form: a body larger than a logo may be is refused before
 * it is read; the API reads the picture itself, resizes it and keeps it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > LOGO_MAX_BYTES + FORM_OVERHEAD_BYTES)
    return invalid({ logo: FIELD_ERROR_KEYS.logoTooLarge });
  const form = await request.formData();
  const file = form.get("logo");
  if (!(file instanceof File) || file.size === 0) return invalid({ logo: FIELD_ERROR_KEYS.required });
  if (file.size > LOGO_MAX_BYTES) return invalid({ logo: FIELD_ERROR_KEYS.logoTooLarge });
  const contentType = (LOGO_TYPES as readonly string[]).includes(file.type) ? file.type : null;
  if (!contentType) return invalid({ logo: FIELD_ERROR_KEYS.logoNotImage });
  const image = Buffer.from(await file.arrayBuffer()).toString("base64");
  const outcome = await context.storeApi.form("staffSetLogo", {
    body: { image, contentType: contentType as (typeof LOGO_TYPES)[number] },
  });
  if (!outcome.ok) {
    // The API names the picture `image`; the form's field is `logo`.
    const { image: why, contentType: type, ...rest } = outcome.failure.fields;
    const moved = why ?? type;
    const fields: FieldErrors = moved ? { ...rest, logo: moved } : rest;
    return failed({ ...outcome, failure: { ...outcome.failure, fields } } as typeof outcome);
  }
  return { ok: true as const, logo: outcome.data };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/staff/settings/logo", (t) => t("staff.logo.title"));

function LogoPreview({ logo }: { logo: StaffLogo }) {
  const { t } = useTranslation();
  return (
    <figure className="flex items-center gap-4" data-staff-logo-preview={logo.logoUrl}>
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-stone-200 bg-stone-50 p-2">
        <StoaImage
          src={logo.logoUrl}
          alt={t("staff.logo.alt")}
          width={80}
          height={80}
          className="max-h-full max-w-full object-contain"
        />
      </div>
      <figcaption className="min-w-0 text-sm text-stone-600">
        <span className="block font-medium text-stone-900">{t("staff.logo.current")}</span>
        {logo.width && logo.height ? (
          <span className="block tabular-nums">
            {t("staff.logo.size", { width: logo.width, height: logo.height })}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

function UploadForm({ fields }: { fields?: FieldErrors }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" data-staff-logo-upload>
      <div>
        <label htmlFor="logo-file" className={staffLabel}>
          {t("staff.logo.file")}
        </label>
        <input
          id="logo-file"
          name="logo"
          type="file"
          required
          accept={LOGO_TYPES.join(",")}
          className={`${staffInput} file:me-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-stone-900`}
          aria-invalid={fields?.logo ? true : undefined}
          aria-describedby={fields?.logo ? "logo-file-error" : "logo-file-hint"}
        />
        <p id="logo-file-hint" className="mt-1 text-xs text-stone-500">
          {t("staff.logo.file-hint")}
        </p>
        <FieldError id="logo-file-error" fields={fields} name="logo" />
      </div>
      <button type="submit" className={staffButton.primary} disabled={busy}>
        {t("staff.logo.upload")}
      </button>
    </Form>
  );
}

export default function StaffLogoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureIn(actionData);
  const saved = actionData && !failure ? (actionData as { logo: StaffLogo }).logo : null;
  const logo = saved ?? loaderData.logo;
  return (
    <div data-staff-logo>
      <StaffPageHeader title={t("staff.logo.title")} intro={t("staff.logo.intro")} />
      <StaffPanel className="max-w-3xl space-y-5">
        <FormNotice failure={formWideFailure(failure)} done={saved ? t("staff.logo.saved") : null} />
        <LogoPreview logo={logo} />
        <UploadForm key={logo.logoUrl} fields={failure?.fields} />
      </StaffPanel>
    </div>
  );
}
