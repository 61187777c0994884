import { LOCALES, type Locale, localized, type StaffProductChoices } from "@stoa/contract";
import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { useShop } from "../../shell/root-data.ts";
import { FieldError, StaffField, StaffPanel, staffButton, staffInput, staffLabel } from "../ui.tsx";
import { NO_TEXT, type PerLanguage, type ProductFormText, type VariationsFormText } from "./product-form.ts";

/** How each language is written: its texts are typed in its own direction, whatever the console's. */
const DIRECTION: Record<Locale, "ltr" | "rtl"> = { en: "ltr", ar: "rtl", he: "rtl" };

export const legendClass = "mb-3 text-sm font-semibold uppercase tracking-wide text-stone-500";

/** The props of a control named `name` (its id, and its error and hint as its description). */
function control(fields: FieldErrors | undefined, name: string, hinted = false) {
  const id = `product-${name.replace(/\./g, "-")}`;
  const described = [fields?.[name] ? `${id}-error` : null, hinted ? `${id}-hint` : null].filter(Boolean);
  return {
    id,
    name,
    "aria-invalid": fields?.[name] ? true : undefined,
    "aria-describedby": described.length > 0 ? described.join(" ") : undefined,
  };
}

/** A number typed left to right (a price, a limit, an order) with its label and its error. */
function NumberField({
  name,
  label,
  value,
  inputMode,
  fields,
}: {
  name: string;
  label: string;
  value: string | number;
  inputMode: "decimal" | "numeric";
  fields?: FieldErrors;
}) {
  return (
    <StaffField id={`product-${name.replace(/\./g, "-")}`} name={name} label={label} fields={fields}>
      <input
        {...control(fields, name)}
        defaultValue={value}
        inputMode={inputMode}
        dir="ltr"
        className={staffInput}
      />
    </StaffField>
  );
}

function Check({
  name,
  checked,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  label: string;
  hint?: string;
}) {
  const id = `product-${name.replace(/\./g, "-")}`;
  return (
    <label className="flex items-start gap-3 text-sm text-stone-800">
      <input
        type="checkbox"
        name={name}
        defaultChecked={checked}
        className="mt-0.5 size-4 shrink-0 rounded border-stone-400"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? (
          <span id={`${id}-hint`} className="block text-xs text-stone-500">
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}

/** Ticks of the shop's categories or tags; the chosen ones are sent under one name. */
function Choices({
  name,
  legend,
  choices,
  chosen,
  fields,
  empty,
}: {
  name: string;
  legend: string;
  choices: { id: number; name: string }[];
  chosen: string[];
  fields?: FieldErrors;
  empty: string;
}) {
  return (
    <fieldset className="min-w-0" aria-describedby={fields?.[name] ? `product-${name}-error` : undefined}>
      <legend className={staffLabel}>{legend}</legend>
      {choices.length === 0 ? (
        <p className="text-sm text-stone-500">{empty}</p>
      ) : (
        <div className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
          {choices.map((choice) => (
            <label
              key={choice.id}
              className="inline-flex items-center gap-2 rounded-lg border border-stone-300 px-2.5 py-1.5 text-sm has-[:checked]:border-stone-900 has-[:checked]:bg-stone-100"
            >
              <input
                type="checkbox"
                name={name}
                value={choice.id}
                defaultChecked={chosen.includes(String(choice.id))}
                className="size-4 rounded border-stone-400"
              />
              {choice.name}
            </label>
          ))}
        </div>
      )}
      <FieldError id={`product-${name}-error`} fields={fields} name={name} />
    </fieldset>
  );
}

/** A language's name as the console shows it, in its own script. */
export function useLanguageName() {
  const { t } = useTranslation();
  return (locale: Locale) => t(`staff.products.languages.${locale}`);
}

/**
 * The product's form, a plain post: the same for a new product and an edit (which carries the
 * version it was read at). Each language has a fieldset of its own, typed in its own direction.
 */
export function ProductForm({
  text,
  fields,
  choices,
  version,
  submitLabel,
}: {
  text: ProductFormText;
  fields?: FieldErrors;
  choices: StaffProductChoices;
  version?: string;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const busy = useNavigation().state === "submitting";
  const input = (name: string, hinted = false) => control(fields, name, hinted);
  const shopRate = (choices.shopTaxRateBp / 100).toString();
  return (
    <Form method="post" className="space-y-6" data-staff-product-form noValidate>
      {version ? <input type="hidden" name="version" value={version} /> : null}
      {LOCALES.map((locale, place) => (
        <StaffPanel key={locale}>
          <fieldset className="space-y-4" lang={locale} data-product-language={locale}>
            <legend className={legendClass}>{languageName(locale)}</legend>
            <StaffField
              id={`product-names-${locale}`}
              name={`names.${locale}`}
              label={t("staff.products.fields.name")}
              fields={fields}
            >
              <input
                {...input(`names.${locale}`)}
                defaultValue={text.names[locale]}
                maxLength={200}
                dir={DIRECTION[locale]}
                className={staffInput}
              />
            </StaffField>
            {/* "Name it in one language at least" is said under the first language's name. */}
            {place === 0 ? <FieldError id="product-names-error" fields={fields} name="names" /> : null}
            <StaffField
              id={`product-brands-${locale}`}
              name={`brands.${locale}`}
              label={t("staff.products.fields.brand")}
              fields={fields}
            >
              <input
                {...input(`brands.${locale}`)}
                defaultValue={text.brands[locale]}
                maxLength={100}
                dir={DIRECTION[locale]}
                className={staffInput}
              />
            </StaffField>
            <StaffField
              id={`product-descriptions-${locale}`}
              name={`descriptions.${locale}`}
              label={t("staff.products.fields.description")}
              fields={fields}
            >
              <textarea
                {...input(`descriptions.${locale}`)}
                defaultValue={text.descriptions[locale]}
                maxLength={5000}
                rows={3}
                dir={DIRECTION[locale]}
                className={staffInput}
              />
            </StaffField>
          </fieldset>
        </StaffPanel>
      ))}
      <p className="text-xs text-stone-500">{t("staff.products.hints.languages")}</p>
      <StaffPanel>
        <fieldset className="space-y-4">
          <legend className={legendClass}>{t("staff.products.price-title")}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <StaffField
              id="product-price"
              name="price"
              label={t("staff.products.fields.price", { currency: choices.currency })}
              fields={fields}
            >
              <input
                {...input("price")}
                defaultValue={text.price}
                required
                inputMode="decimal"
                dir="ltr"
                className={staffInput}
              />
            </StaffField>
            <StaffField
              id="product-salePrice"
              name="salePrice"
              label={t("staff.products.fields.salePrice", { currency: choices.currency })}
              hint={t("staff.products.hints.salePrice")}
              fields={fields}
            >
              <input
                {...input("salePrice", true)}
                defaultValue={text.salePrice}
                inputMode="decimal"
                dir="ltr"
                className={staffInput}
              />
            </StaffField>
            <StaffField
              id="product-taxRate"
              name="taxRateBp"
              label={t("staff.products.fields.taxRate")}
              hint={t("staff.products.hints.taxRate", { rate: shopRate })}
              fields={fields}
            >
              <input
                {...control(fields, "taxRateBp", true)}
                id="product-taxRate"
                name="taxRate"
                defaultValue={text.taxRate}
                inputMode="decimal"
                dir="ltr"
                className={staffInput}
              />
            </StaffField>
          </div>
        </fieldset>
      </StaffPanel>
      <StaffPanel>
        <fieldset className="space-y-4">
          <legend className={legendClass}>{t("staff.products.codes-title")}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <StaffField
              id="product-sku"
              name="sku"
              label={t("staff.products.fields.sku")}
              hint={t("staff.products.hints.sku")}
              fields={fields}
            >
              <input
                {...input("sku", true)}
                defaultValue={text.sku}
                required
                maxLength={64}
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                className={`${staffInput} font-mono`}
              />
            </StaffField>
            <StaffField
              id="product-barcode"
              name="barcode"
              label={t("staff.products.fields.barcode")}
              fields={fields}
            >
              <input
                {...input("barcode")}
                defaultValue={text.barcode}
                maxLength={32}
                dir="ltr"
                inputMode="numeric"
                autoComplete="off"
                className={`${staffInput} font-mono`}
              />
            </StaffField>
            <StaffField
              id="product-unit"
              name="unit"
              label={t("staff.products.fields.unit")}
              hint={t("staff.products.hints.unit")}
              fields={fields}
            >
              <input
                {...input("unit", true)}
                defaultValue={text.unit}
                maxLength={40}
                className={staffInput}
              />
            </StaffField>
          </div>
        </fieldset>
      </StaffPanel>
      <StaffPanel>
        <div className="space-y-4">
          <Choices
            name="categoryIds"
            legend={t("staff.products.fields.categories")}
            choices={choices.categories}
            chosen={text.categoryIds}
            fields={fields}
            empty={t("staff.products.no-categories")}
          />
          <Choices
            name="tagIds"
            legend={t("staff.products.fields.tags")}
            choices={choices.tags}
            chosen={text.tagIds}
            fields={fields}
            empty={t("staff.products.no-tags")}
          />
        </div>
      </StaffPanel>
      <StaffPanel>
        <div className="space-y-4">
          <Check
            name="isAvailable"
            checked={text.isAvailable}
            label={t("staff.products.fields.isAvailable")}
            hint={t("staff.products.hints.isAvailable")}
          />
          <Check
            name="dineIn"
            checked={text.dineIn}
            label={t("staff.products.fields.dineIn")}
            hint={t("staff.products.hints.dineIn")}
          />
          <Check
            name="isDigital"
            checked={text.isDigital}
            label={t("staff.products.fields.isDigital")}
            hint={t("staff.products.hints.isDigital")}
          />
          <StaffField
            id="product-digitalFile"
            name="digitalFile"
            label={t("staff.products.fields.digitalFile")}
            fields={fields}
          >
            <select
              {...input("digitalFile")}
              defaultValue={text.digitalFile}
              dir="ltr"
              className={staffInput}
            >
              <option value="">{t("staff.products.no-file")}</option>
              {choices.digitalFiles.map((file) => (
                <option key={file} value={file}>
                  {file}
                </option>
              ))}
            </select>
          </StaffField>
        </div>
      </StaffPanel>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={staffButton.primary} disabled={busy}>
          {submitLabel}
        </button>
        <p className="text-xs text-stone-500">{t("staff.products.hints.orders")}</p>
      </div>
    </Form>
  );
}

/** Short texts per language in a row of inputs, each in its own direction, labelled by its language. */
function Labels({
  name,
  values,
  label,
  fields,
}: {
  name: string;
  values: PerLanguage;
  label: string;
  fields?: FieldErrors;
}) {
  const languageName = useLanguageName();
  return (
    <fieldset className="min-w-0">
      <legend className={staffLabel}>{label}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {LOCALES.map((locale) => (
          <label key={locale} className="block min-w-0 text-xs text-stone-600">
            {languageName(locale)}
            <input
              {...control(fields, `${name}.${locale}`)}
              defaultValue={values[locale]}
              maxLength={80}
              dir={DIRECTION[locale]}
              lang={locale}
              className={`${staffInput} mt-1`}
            />
          </label>
        ))}
      </div>
      <FieldError id={`product-${name.replace(/\./g, "-")}-error`} fields={fields} name={name} />
    </fieldset>
  );
}

function KeyInput({
  name,
  value,
  fields,
  label,
}: {
  name: string;
  value: string;
  fields?: FieldErrors;
  label: string;
}) {
  return (
    <StaffField id={`product-${name.replace(/\./g, "-")}`} name={name} label={label} fields={fields}>
      <input
        {...control(fields, name)}
        defaultValue={value}
        maxLength={40}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        className={`${staffInput} font-mono`}
      />
    </StaffField>
  );
}

/**
 * A row's key is its place: its fields are named by it (`options.2.key`), so a row is the same row
 * for React exactly when it is the same row for the form.
 */
const slotKey = (list: string, place: number) => `${list}-${place}`;

/** Spare empty rows offered for adding, so the page adds without scripts. */
const SPARE_VALUES = 2;

/**
 * A product's variation options, variations and add-on groups in one plain post. Each list shows
 * its rows and a spare empty one to add with; a row emptied is removed. Stock is shown, never
 * typed: it moves by stock adjustments. A variation orders name is switched off when removed.
 */
export function VariationsForm({
  text,
  fields,
  version,
  stockOf,
  currency,
}: {
  text: VariationsFormText;
  fields?: FieldErrors;
  version: string;
  stockOf: (id: string) => { stock: number; ordered: boolean } | null;
  currency: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const options = [...text.options, { key: "", names: NO_TEXT, values: [] }];
  const variations = [
    ...text.variations,
    { id: "", sku: "", optionValues: {}, price: "", salePrice: "", isAvailable: true, sort: "" },
  ];
  const groups = [...text.addOnGroups, { key: "", names: NO_TEXT, minSelect: "", maxSelect: "", items: [] }];
  const { locale } = useShop();
  const named = text.options.filter((option) => option.key !== "");
  return (
    <Form method="post" className="space-y-6" data-staff-variations-form noValidate>
      <input type="hidden" name="version" value={version} />
      <StaffPanel>
        <fieldset className="space-y-4" data-product-options>
          <legend className={legendClass}>{t("staff.products.options-title")}</legend>
          <p className="text-xs text-stone-500">{t("staff.products.hints.options")}</p>
          {options.map((option, i) => (
            <div
              key={slotKey("option", i)}
              className="space-y-3 rounded-lg border border-stone-200 p-3"
              data-product-option={option.key || "new"}
            >
              <KeyInput
                name={`options.${i}.key`}
                value={option.key}
                fields={fields}
                label={t("staff.products.fields.optionKey")}
              />
              <Labels
                name={`options.${i}.names`}
                values={option.names}
                label={t("staff.products.fields.optionName")}
                fields={fields}
              />
              {[
                ...option.values,
                ...Array.from({ length: SPARE_VALUES }, () => ({ key: "", labels: NO_TEXT })),
              ].map((value, j) => (
                <div
                  key={slotKey("value", j)}
                  className="grid gap-2 border-s-2 border-stone-200 ps-3 sm:grid-cols-[10rem_minmax(0,1fr)]"
                >
                  <KeyInput
                    name={`options.${i}.values.${j}.key`}
                    value={value.key}
                    fields={fields}
                    label={t("staff.products.fields.valueKey")}
                  />
                  <Labels
                    name={`options.${i}.values.${j}.labels`}
                    values={value.labels}
                    label={t("staff.products.fields.valueLabel")}
                    fields={fields}
                  />
                </div>
              ))}
              <FieldError
                id={`product-options-${i}-values-error`}
                fields={fields}
                name={`options.${i}.values`}
              />
            </div>
          ))}
        </fieldset>
      </StaffPanel>
      <StaffPanel>
        <fieldset className="space-y-4" data-product-variations>
          <legend className={legendClass}>{t("staff.products.variations-section")}</legend>
          <p className="text-xs text-stone-500">{t("staff.products.hints.variations")}</p>
          {variations.map((variation, i) => {
            const saved = variation.id ? stockOf(variation.id) : null;
            return (
              <div
                key={slotKey("variation", i)}
                className="space-y-3 rounded-lg border border-stone-200 p-3"
                data-product-variation={variation.sku || "new"}
              >
                {variation.id ? (
                  <input type="hidden" name={`variations.${i}.id`} value={variation.id} />
                ) : null}
                <div className="grid gap-3 sm:grid-cols-2">
                  <StaffField
                    id={`product-variations-${i}-sku`}
                    name={`variations.${i}.sku`}
                    label={t("staff.products.fields.sku")}
                    fields={fields}
                  >
                    <input
                      {...control(fields, `variations.${i}.sku`)}
                      defaultValue={variation.sku}
                      maxLength={64}
                      dir="ltr"
                      autoComplete="off"
                      spellCheck={false}
                      className={`${staffInput} font-mono`}
                    />
                  </StaffField>
                  {named.map((option) => (
                    <StaffField
                      key={option.key}
                      id={`product-variations-${i}-optionValues-${option.key}`}
                      name={`variations.${i}.optionValues.${option.key}`}
                      label={localized(option.names, locale) || option.key}
                      fields={fields}
                    >
                      <select
                        {...control(fields, `variations.${i}.optionValues.${option.key}`)}
                        id={`product-variations-${i}-optionValues-${option.key}`}
                        defaultValue={variation.optionValues[option.key] ?? ""}
                        className={staffInput}
                      >
                        <option value="">—</option>
                        {option.values.map((value) => (
                          <option key={value.key} value={value.key}>
                            {localized(value.labels, locale) || value.key}
                          </option>
                        ))}
                      </select>
                    </StaffField>
                  ))}
                  <NumberField
                    name={`variations.${i}.price`}
                    label={t("staff.products.fields.price", { currency })}
                    value={variation.price}
                    inputMode="decimal"
                    fields={fields}
                  />
                  <NumberField
                    name={`variations.${i}.salePrice`}
                    label={t("staff.products.fields.salePrice", { currency })}
                    value={variation.salePrice}
                    inputMode="decimal"
                    fields={fields}
                  />
                  <NumberField
                    name={`variations.${i}.sort`}
                    label={t("staff.products.fields.sort")}
                    value={variation.sort}
                    inputMode="numeric"
                    fields={fields}
                  />
                  <div className="flex flex-col justify-end gap-2">
                    <Check
                      name={`variations.${i}.isAvailable`}
                      checked={variation.isAvailable}
                      label={t("staff.products.fields.isAvailable")}
                    />
                    {saved ? (
                      <p className="text-sm text-stone-600" data-variation-stock={saved.stock}>
                        {t("staff.products.stock", { count: saved.stock })}
                        {saved.ordered ? ` · ${t("staff.products.ordered")}` : ""}
                      </p>
                    ) : null}
                  </div>
                </div>
                <FieldError
                  id={`product-variations-${i}-optionValues-error`}
                  fields={fields}
                  name={`variations.${i}.optionValues`}
                />
              </div>
            );
          })}
        </fieldset>
      </StaffPanel>
      <StaffPanel>
        <fieldset className="space-y-4" data-product-add-ons>
          <legend className={legendClass}>{t("staff.products.add-ons-title")}</legend>
          <p className="text-xs text-stone-500">{t("staff.products.hints.add-ons")}</p>
          {groups.map((group, i) => (
            <div key={slotKey("group", i)} className="space-y-3 rounded-lg border border-stone-200 p-3">
              <div className="grid gap-3 sm:grid-cols-3">
                <KeyInput
                  name={`addOnGroups.${i}.key`}
                  value={group.key}
                  fields={fields}
                  label={t("staff.products.fields.groupKey")}
                />
                <NumberField
                  name={`addOnGroups.${i}.minSelect`}
                  label={t("staff.products.fields.minSelect")}
                  value={group.minSelect}
                  inputMode="numeric"
                  fields={fields}
                />
                <NumberField
                  name={`addOnGroups.${i}.maxSelect`}
                  label={t("staff.products.fields.maxSelect")}
                  value={group.maxSelect}
                  inputMode="numeric"
                  fields={fields}
                />
              </div>
              <Labels
                name={`addOnGroups.${i}.names`}
                values={group.names}
                label={t("staff.products.fields.groupName")}
                fields={fields}
              />
              {[
                ...group.items,
                ...Array.from({ length: SPARE_VALUES }, () => ({ key: "", names: NO_TEXT, price: "" })),
              ].map((item, j) => (
                <div
                  key={slotKey("item", j)}
                  className="grid gap-2 border-s-2 border-stone-200 ps-3 sm:grid-cols-[10rem_minmax(0,1fr)_8rem]"
                >
                  <KeyInput
                    name={`addOnGroups.${i}.items.${j}.key`}
                    value={item.key}
                    fields={fields}
                    label={t("staff.products.fields.itemKey")}
                  />
                  <Labels
                    name={`addOnGroups.${i}.items.${j}.names`}
                    values={item.names}
                    label={t("staff.products.fields.itemName")}
                    fields={fields}
                  />
                  <NumberField
                    name={`addOnGroups.${i}.items.${j}.price`}
                    label={t("staff.products.fields.itemPrice", { currency })}
                    value={item.price}
                    inputMode="decimal"
                    fields={fields}
                  />
                </div>
              ))}
              <FieldError
                id={`product-addOnGroups-${i}-items-error`}
                fields={fields}
                name={`addOnGroups.${i}.items`}
              />
            </div>
          ))}
        </fieldset>
      </StaffPanel>
      <button type="submit" className={staffButton.primary} disabled={busy}>
        {t("staff.products.save-variations")}
      </button>
    </Form>
  );
}
