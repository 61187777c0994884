import {
  ERRORS,
  FIELD_ERROR_KEYS,
  type Locale,
  localized,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_IMAGES_MAX,
  type StaffProductImages,
} from "@stoa/contract";
import { data, Link } from "react-router";
import { type FieldErrors, failed, invalidFields } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { useShop } from "../../shell/root-data.ts";
import { AddPictureForm, PictureCard } from "../../staff/product-images/PictureParts.tsx";
import { staffProductIdOf } from "../../staff/product-images/product-id.server.ts";
import { altTextsOf, pictureIntentOf, picturesAfter } from "../../staff/product-images/product-images.ts";
import { FormNotice, failureIn, formWideFailure, StaffPageHeader, StaffPanel } from "../../staff/ui.tsx";
import type { Route } from "./+types/product-images";

/** A product's pictures (managers and owners; others meet the role page). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const productId = staffProductIdOf(params.id);
  return { product: await context.storeApi.page("staffProductImages", { body: { productId } }) };
}

/** What a multipart post may carry beside the picture itself (its boundaries and field names). */
const FORM_OVERHEAD_BYTES = 16 * 1024;

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/**
 * Adds a picture (a plain multipart form, from the computer or the phone's camera), or makes one
 * the main picture, moves, removes or describes it. Every change is made from the version the page
 * was read at: when someone else changed the pictures since, the page says so and shows them as
 * they stand now.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const productId = staffProductIdOf(params.id);
  // A body larger than a picture may be is refused before it is read.
  if (Number(request.headers.get("content-length") ?? "0") > PRODUCT_IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES)
    return data(invalidFields({ picture: FIELD_ERROR_KEYS.imageTooLarge }), { status: 413 });
  const form = await request.formData();
  const intent = pictureIntentOf(form.get("intent"));
  const version = text(form.get("version"));
  if (!intent) return data(invalidFields({}), { status: 400 });
  const conflict = async (failure: { failure: unknown; status: number }) => {
    const now = await storeApi.form("staffProductImages", { body: { productId } });
    return data(
      { ...(failure.failure as object), product: now.ok ? now.data : null },
      { status: failure.status },
    );
  };

  if (intent === "add") {
    const file = form.get("picture");
    if (!(file instanceof File) || file.size === 0)
      return data(invalidFields({ picture: FIELD_ERROR_KEYS.required }), { status: 400 });
    if (file.size > PRODUCT_IMAGE_MAX_BYTES)
      return data(invalidFields({ picture: FIELD_ERROR_KEYS.imageTooLarge }), { status: 400 });
    const contentType = PRODUCT_IMAGE_TYPES.find((type) => type === file.type);
    if (!contentType)
      return data(invalidFields({ picture: FIELD_ERROR_KEYS.imageNotPicture }), { status: 400 });
    const image = Buffer.from(await file.arrayBuffer()).toString("base64");
    const outcome = await storeApi.form("staffAddProductImage", {
      body: { productId, version, image, contentType },
    });
    if (outcome.ok) return { ok: true as const, intent, product: outcome.data };
    if (outcome.failure.code === ERRORS.STAFF_EDIT_CONFLICT.code) return conflict(outcome);
    // The API names the picture `image`; the form's field is `picture`.
    const { image: why, contentType: type, ...rest } = outcome.failure.fields;
    const moved = why ?? type;
    const fields: FieldErrors = moved ? { ...rest, picture: moved } : rest;
    return failed({ ...outcome, failure: { ...outcome.failure, fields } });
  }

  const url = text(form.get("url"));
  const typed = intent === "alt" ? altTextsOf(form) : undefined;
  const current = await storeApi.form("staffProductImages", { body: { productId } });
  if (!current.ok) return failed(current);
  const images = picturesAfter(current.data.images, intent, url, typed);
  if (!images) {
    // Removed by someone else meanwhile: say so, and show the pictures as they are.
    return data(
      { ...invalidFields({}), key: FIELD_ERROR_KEYS.imageUnknown, product: current.data },
      { status: 409 },
    );
  }
  const outcome = await storeApi.form("staffUpdateProductImages", { body: { productId, version, images } });
  if (outcome.ok) return { ok: true as const, intent, product: outcome.data };
  if (outcome.failure.code === ERRORS.STAFF_EDIT_CONFLICT.code) return conflict(outcome);
  // An alt text refused (too long) lands on its field of this picture's form, kept as typed.
  const at = images.findIndex((image) => image.url === url);
  const fields: FieldErrors = {};
  for (const [path, key] of Object.entries(outcome.failure.fields)) {
    const alt = /^images\.(\d+)\.altLocalizations\.(\w+)$/.exec(path);
    fields[alt && Number(alt[1]) === at ? `alt-${alt[2]}` : path] = key;
  }
  return data({ ...outcome.failure, fields, typed: { url, alt: typed } }, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  accountPageMeta(matches, `/staff/products/${page?.product.productId ?? ""}/images`, (t) =>
    t("staff.pictures.title", { name: page?.product.name ?? "" }),
  );

type Answer = {
  ok?: boolean;
  intent?: string;
  product?: StaffProductImages | null;
  typed?: { url: string; alt?: Record<Locale, string> };
};

export default function StaffProductImagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useShop();
  const answer = actionData as Answer | undefined;
  const failure = failureIn(actionData);
  // After a save or a conflict the page shows the pictures the API answered (its loader is not
  // asked again after a refused post when scripts run).
  const product = answer?.product ?? loaderData.product;
  const name = localized(product.nameLocalizations, locale) || product.name;
  const done = answer?.ok
    ? t(answer.intent === "add" ? "staff.pictures.added" : "staff.pictures.saved")
    : null;
  const full = product.images.length >= PRODUCT_IMAGES_MAX;
  return (
    <div
      className="max-w-4xl"
      data-staff-pictures={product.productId}
      data-pictures-version={product.version}
    >
      <p className="mb-2 text-sm">
        <Link
          to={`/staff/products/${product.productId}`}
          className="font-medium text-stone-600 hover:text-stone-950 hover:underline"
        >
          {t("staff.pictures.back")}
        </Link>
      </p>
      <StaffPageHeader title={t("staff.pictures.title", { name })} intro={t("staff.pictures.intro")} />
      <FormNotice failure={formWideFailure(failure)} done={done} />
      <StaffPanel className="mb-6" title={t("staff.pictures.add")}>
        {/* A new version draws the form afresh: the file chosen before is not sent twice. */}
        <AddPictureForm
          key={product.version}
          version={product.version}
          fields={failure?.fields}
          full={full}
        />
      </StaffPanel>
      {product.images.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
          {t("staff.pictures.empty")}
        </p>
      ) : (
        <ol className="space-y-4" aria-label={t("staff.pictures.list")}>
          {product.images.map((image, index) => {
            const typed = answer?.typed?.url === image.url ? answer.typed : null;
            return (
              <PictureCard
                key={`${image.url}-${product.version}`}
                image={image}
                index={index}
                count={product.images.length}
                version={product.version}
                productName={name}
                typed={typed?.alt}
                fields={typed && failure ? failure.fields : undefined}
              />
            );
          })}
        </ol>
      )}
    </div>
  );
}
