import type { Fitment } from "@stoa/contract";
import { useId, useState } from "react";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { CarIcon, CheckCircleIcon } from "../../platform/ui/icons.tsx";
import { inputClass } from "../../platform/ui/ui.ts";
import { fitmentMakes, fitmentModels, fitmentYears, fitsVehicle } from "./fitment.ts";

function Years({ row }: { row: Fitment }) {
  const text = row.yearFrom === row.yearTo ? String(row.yearFrom) : `${row.yearFrom}–${row.yearTo}`;
  return <bdi dir="ltr">{text}</bdi>;
}

/** The vehicles a car part fits, one row per make, model, years and engine. */
export function FitmentTable({ fitment }: { fitment: readonly Fitment[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-2xl border border-stone-200">
      <table className="w-full text-start text-sm" data-fitment-table>
        <caption className="sr-only">{t("carpart.fits-caption")}</caption>
        <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-500">
          <tr>
            <th scope="col" className="px-4 py-2.5 text-start font-medium">
              {t("carpart.make")}
            </th>
            <th scope="col" className="px-4 py-2.5 text-start font-medium">
              {t("carpart.model")}
            </th>
            <th scope="col" className="px-4 py-2.5 text-start font-medium">
              {t("carpart.years")}
            </th>
            <th scope="col" className="px-4 py-2.5 text-start font-medium">
              {t("carpart.engine")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {fitment.map((row) => (
            <tr key={`${row.make}|${row.model}|${row.yearFrom}|${row.yearTo}|${row.engine}`}>
              <td className="px-4 py-2.5 font-medium text-stone-900">{row.make}</td>
              <td className="px-4 py-2.5 text-stone-700">{row.model}</td>
              <td className="whitespace-nowrap px-4 py-2.5 tabular-nums text-stone-700">
                <Years row={row} />
              </td>
              <td className="whitespace-nowrap px-4 py-2.5 text-stone-700">
                {row.engine ? <bdi dir="ltr">{row.engine}</bdi> : t("carpart.any-engine")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const selectClass = `${inputClass} disabled:cursor-not-allowed disabled:bg-stone-50 disabled:text-stone-400`;

/** One step of "check fit": a labelled choice that starts empty. */
function VehicleChoice({
  id,
  label,
  placeholder,
  value,
  options,
  disabled = false,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  options: readonly string[];
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-stone-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Check fit": make, then model, then year; the answer says whether the part fits and with which engine. */
export function CheckFit({ fitment }: { fitment: readonly Fitment[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [make, setMake] = useState("");
  const [model, setModel] = useState("");
  const [year, setYear] = useState("");
  const makes = fitmentMakes(fitment);
  const models = make ? fitmentModels(fitment, make) : [];
  const years = make && model ? fitmentYears(fitment, make, model) : [];
  const vehicle = { make, model, year: year ? Number(year) : null };
  const matches = year ? fitsVehicle(fitment, vehicle) : [];
  const engines = matches.map((row) => row.engine).filter(Boolean);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-stone-50 p-4 sm:p-5" data-check-fit>
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-stone-950">
        <CarIcon className="size-5 text-brand" />
        {t("carpart.check-fit")}
      </h3>
      <p className="mt-1 text-sm text-stone-600">{t("carpart.check-fit-hint")}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        <VehicleChoice
          id={`${id}-make`}
          label={t("carpart.make")}
          placeholder={t("carpart.choose-make")}
          value={make}
          options={makes}
          onChange={(value) => {
            setMake(value);
            setModel("");
            setYear("");
          }}
        />
        <VehicleChoice
          id={`${id}-model`}
          label={t("carpart.model")}
          placeholder={t("carpart.choose-model")}
          value={model}
          options={models}
          disabled={!make}
          onChange={(value) => {
            setModel(value);
            setYear("");
          }}
        />
        <VehicleChoice
          id={`${id}-year`}
          label={t("carpart.year")}
          placeholder={t("carpart.choose-year")}
          value={year}
          options={years.map(String)}
          disabled={!model}
          onChange={setYear}
        />
      </div>
      {model ? (
        <p className="mt-2 text-xs text-stone-600" data-fit-years-hint>
          {t("carpart.only-fitted-years")}
        </p>
      ) : null}
      <div aria-live="polite" className="empty:hidden">
        {year && matches.length > 0 ? (
          <p
            className="mt-4 flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-sm font-medium text-emerald-800"
            data-fit="yes"
          >
            <CheckCircleIcon className="size-5 shrink-0" />
            <span>
              {t("carpart.fits", { year, make, model })}
              {engines.length > 0 ? (
                <>
                  {" "}
                  {t("carpart.with-engine")} <bdi dir="ltr">{engines.join(", ")}</bdi>
                </>
              ) : null}
            </span>
          </p>
        ) : null}
      </div>
    </section>
  );
}
