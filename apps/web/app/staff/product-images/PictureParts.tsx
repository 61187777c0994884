import {
  LOCALES,
  type Locale,
  PRODUCT_IMAGE_ALT_MAX,
  PRODUCT_IMAGES_MAX,
  type StaffProductImage,
} from "@stoa/contract";
import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { StoaImage } from "../../platform/ui/StoaImage.tsx";
import { FieldError, staffButton, staffInput, staffLabel } from "../ui.tsx";
import { altField } from "./product-images.ts";

/** The language names the alt fields are labelled with, each in its own language. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", ar: "العربية", he: "עברית" };

/** A new picture: a plain multipart form; `accept="image/*"` lets a phone offer its camera. */
export function AddPictureForm({
  version,
  fields,
  full,
}: {
  version: string;
  fields?: FieldErrors;
  full: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const error = fields?.picture;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" data-staff-picture-upload>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="version" value={version} />
      <div>
        <label htmlFor="picture-file" className={staffLabel}>
          {t("staff.pictures.file")}
        </label>
        <input
          id="picture-file"
          name="picture"
          type="file"
          required
          accept="image/*"
          disabled={full}
          className={`${staffInput} file:me-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-stone-900`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "picture-file-error" : "picture-file-hint"}
        />
        <p id="picture-file-hint" className="mt-1 text-xs text-stone-500">
          {full ? t("staff.pictures.full", { count: PRODUCT_IMAGES_MAX }) : t("staff.pictures.file-hint")}
        </p>
        <FieldError id="picture-file-error" fields={fields} name="picture" />
      </div>
      <button type="submit" className={staffButton.primary} disabled={busy || full}>
        {t("staff.pictures.upload")}
      </button>
    </Form>
  );
}

/** One small form posting a change of one picture (main, up, down, remove) from the page's version. */
function PictureButton({
  intent,
  url,
  version,
  label,
  danger = false,
}: {
  intent: "main" | "up" | "down" | "remove";
  url: string;
  version: string;
  label: string;
  danger?: boolean;
}) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="url" value={url} />
      <input type="hidden" name="version" value={version} />
      <button
        type="submit"
        className={`${danger ? staffButton.danger : staffButton.secondary} px-3 py-1.5`}
        data-picture-action={intent}
      >
        {label}
      </button>
    </Form>
  );
}

/**
 * One of the product's pictures: shown as the storefront's optimiser renders it, with its place,
 * the buttons that move or remove it, and its alt text in each language.
 */
export function PictureCard({
  image,
  index,
  count,
  version,
  productName,
  typed,
  fields,
}: {
  image: StaffProductImage;
  index: number;
  count: number;
  version: string;
  productName: string;
  /** What was typed into this picture's alt fields when the save was refused. */
  typed?: Record<Locale, string> | null;
  fields?: FieldErrors;
}) {
  const { t } = useTranslation();
  const id = `picture-${index}`;
  return (
    <li
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:grid-cols-[10rem_1fr] sm:p-4"
      data-staff-picture={image.url}
      data-picture-index={index}
    >
      <div className="space-y-2">
        <div className="relative aspect-square w-full overflow-hidden rounded-lg border border-stone-200 bg-stone-50 sm:w-40">
          <StoaImage
            src={image.url}
            alt={image.altLocalizations.en || productName}
            width={160}
            height={160}
            className="size-full object-contain"
          />
          {index === 0 ? (
            <span className="absolute start-2 top-2 rounded-full bg-stone-900 px-2 py-0.5 text-xs font-semibold text-white">
              {t("staff.pictures.main")}
            </span>
          ) : null}
        </div>
        <p className="text-xs text-stone-500 tabular-nums">
          {t("staff.pictures.position", { index: index + 1, count })}
          {image.width && image.height
            ? ` · ${t("staff.pictures.size", { width: image.width, height: image.height })}`
            : ""}
        </p>
      </div>
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap gap-2">
          {index > 0 ? (
            <PictureButton
              intent="main"
              url={image.url}
              version={version}
              label={t("staff.pictures.make-main")}
            />
          ) : null}
          {index > 0 ? (
            <PictureButton
              intent="up"
              url={image.url}
              version={version}
              label={t("staff.pictures.earlier")}
            />
          ) : null}
          {index < count - 1 ? (
            <PictureButton
              intent="down"
              url={image.url}
              version={version}
              label={t("staff.pictures.later")}
            />
          ) : null}
          <PictureButton
            intent="remove"
            url={image.url}
            version={version}
            label={t("staff.pictures.remove")}
            danger
          />
        </div>
        <Form method="post" className="space-y-3" data-picture-alt-form>
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="url" value={image.url} />
          <input type="hidden" name="version" value={version} />
          <fieldset className="grid gap-3 md:grid-cols-3">
            <legend className="mb-1.5 text-sm font-medium text-stone-800">{t("staff.pictures.alt")}</legend>
            {LOCALES.map((locale) => {
              const name = altField(locale);
              const fieldId = `${id}-${name}`;
              return (
                <div key={locale} className="min-w-0">
                  <label htmlFor={fieldId} className="mb-1 block text-xs font-medium text-stone-600">
                    {LANGUAGE_NAMES[locale]}
                  </label>
                  <input
                    id={fieldId}
                    name={name}
                    lang={locale}
                    dir={locale === "en" ? "ltr" : "rtl"}
                    maxLength={PRODUCT_IMAGE_ALT_MAX}
                    defaultValue={typed ? typed[locale] : (image.altLocalizations[locale] ?? "")}
                    className={staffInput}
                    aria-invalid={fields?.[name] ? true : undefined}
                    aria-describedby={fields?.[name] ? `${fieldId}-error` : undefined}
                  />
                  <FieldError id={`${fieldId}-error`} fields={fields} name={name} />
                </div>
              );
            })}
          </fieldset>
          <p className="text-xs text-stone-500">{t("staff.pictures.alt-hint")}</p>
          <button type="submit" className={`${staffButton.secondary} px-3 py-1.5`}>
            {t("staff.pictures.save-alt")}
          </button>
        </Form>
      </div>
    </li>
  );
}
