import type { AddressBook, BookAddress } from "@stoa/contract";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { AccountCard, AccountLayout } from "../../account/AccountLayout.tsx";
import { AddressFields } from "../../account/AddressViews.tsx";
import {
  ADDRESS_FIELDS,
  ADDRESS_TYPES,
  type AddressType,
  addressesOfType,
  addressLines,
  addressName,
  isAddressType,
  plainAddress,
  type SavedAddress,
} from "../../account/address.ts";
import { changeAddressBook } from "../../account/address-book.server.ts";
import { SubmitButton } from "../../account/FormButtons.tsx";
import { formValues } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { CheckCircleIcon, MapPinIcon, PencilIcon, PlusIcon, TrashIcon } from "../../platform/ui/icons.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/addresses";

export const ADDRESSES_PATH = "/addresses";
const DONE = ["save", "delete", "default"] as const;
type Done = (typeof DONE)[number];

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, ADDRESSES_PATH, (t) => t("address.book"));

/** Which form the page shows: `?add=shipping` (or billing), `?edit=<id>`; and what a post just did. */
function pageStateOf(url: URL, book: AddressBook | null) {
  const add = url.searchParams.get("add");
  const edit = Number(url.searchParams.get("edit"));
  const editing = book?.addresses.find((address) => address.id === edit) ?? null;
  const done = url.searchParams.get("done");
  return {
    adding: isAddressType(add) ? add : null,
    editing,
    done: DONE.includes(done as Done) ? (done as Done) : null,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  const user = signedInCustomer((await storeApi.session()).auth);
  const book = user ? await storeApi.page("addresses", {}) : null;
  return { book, ...pageStateOf(new URL(args.request.url), book) };
}

/**
 * The address book's forms (decision 051), plain forms that work without scripts: a change that
 * worked redirects back to the list saying what it did (post, redirect, get); a refused one renders
 * the page again with the form, what was typed and each error on its field.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const change = await changeAddressBook(args.context.storeApi, form);
  if (change.ok) return redirect(`${ADDRESSES_PATH}?done=${change.intent}`);
  // A page without scripts is drawn again from the server: it shows what was typed.
  const type = form.get("type");
  const typed = isAddressType(type) ? { ...formValues(form, ADDRESS_FIELDS[type]), type } : null;
  return data({ ...change.failure, typed }, { status: change.status });
}

const quietButton =
  "inline-flex items-center gap-1.5 rounded-full border border-stone-300 px-3.5 py-1.5 text-sm font-medium text-stone-800 hover:border-stone-400 hover:bg-stone-50";

function BookEntry({ address, busy }: { address: BookAddress; busy: boolean }) {
  const { t } = useTranslation();
  const label = address.title || t(`address.${address.type}`);
  return (
    <li
      className={`flex flex-col rounded-2xl border p-5 ${address.isDefault ? "border-brand ring-1 ring-brand" : "border-stone-200"}`}
      data-book-address={address.id}
      data-address-type={address.type}
      data-default={address.isDefault || undefined}
    >
      <div className="flex flex-wrap items-center gap-2">
        <MapPinIcon className="size-5 shrink-0 text-brand" />
        <h3 className="min-w-0 flex-1 truncate font-semibold text-stone-950">
          <bdi>{label}</bdi>
        </h3>
        {address.isDefault ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand/10 px-2.5 py-0.5 text-xs font-semibold text-brand">
            <CheckCircleIcon className="size-3.5" />
            {t("address.default")}
          </span>
        ) : null}
      </div>
      <address className="mt-3 flex-1 text-sm leading-6 text-stone-700 not-italic">
        <span className="block font-medium text-stone-950">
          <bdi>{addressName(address)}</bdi>
        </span>
        {addressLines(address).map((line) => (
          <span key={line} className="block">
            <bdi>{line}</bdi>
          </span>
        ))}
      </address>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={`${ADDRESSES_PATH}?edit=${address.id}#address-form`}
          className={quietButton}
          aria-label={t("address.edit-named", { name: label })}
          data-edit-book-address
        >
          <PencilIcon className="size-4" />
          {t("profile.edit")}
        </Link>
        {address.isDefault ? null : (
          <Form method="post" action={ADDRESSES_PATH} className="contents">
            <input type="hidden" name="intent" value="default" />
            <input type="hidden" name="id" value={address.id} />
            <button
              type="submit"
              disabled={busy}
              className={quietButton}
              aria-label={t("address.make-default-named", { name: label })}
              data-make-default
            >
              <CheckCircleIcon className="size-4" />
              {t("address.make-default")}
            </button>
          </Form>
        )}
        <Form method="post" action={ADDRESSES_PATH} className="contents">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <button
            type="submit"
            disabled={busy}
            className={`${quietButton} text-red-700 hover:border-red-300 hover:bg-red-50`}
            aria-label={t("address.delete-named", { name: label })}
            data-delete-book-address
          >
            <TrashIcon className="size-4" />
            {t("profile.delete")}
          </button>
        </Form>
      </div>
    </li>
  );
}

function AddressForm({
  type,
  address,
  failure,
  busy,
  isFirst,
}: {
  type: AddressType;
  address: BookAddress | null;
  failure: ReturnType<typeof useFailure>;
  busy: boolean;
  /** The first address of its type becomes the default whatever the box says. */
  isFirst: boolean;
}) {
  const { t } = useTranslation();
  const search = address ? `?edit=${address.id}` : `?add=${type}`;
  const errors = failure?.fields ?? {};
  const alert = failure && Object.keys(failure.fields).length === 0 ? failure : null;
  return (
    <div id="address-form" className="scroll-mt-24">
      <AccountCard title={t(address ? `address.edit-${type}` : `address.add-${type}`)} data-book-form={type}>
        <Form method="post" action={`${ADDRESSES_PATH}${search}`} noValidate className="space-y-5">
          {alert ? (
            <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              {alert.key ? t(alert.key) : alert.message || t("error-something-wrong")}
            </p>
          ) : null}
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="type" value={type} />
          {address ? <input type="hidden" name="id" value={address.id} /> : null}
          <AddressFields
            type={type}
            address={typedAddress(failure, type) ?? (address ? plainAddress(address) : null)}
            errors={errors}
          />
          {address?.isDefault || isFirst ? (
            <p className="text-sm text-stone-600">{t(`address.is-default-${type}`)}</p>
          ) : (
            <label className="flex items-center gap-3 text-sm font-medium text-stone-800">
              <input type="checkbox" name="isDefault" className="size-5 shrink-0 accent-brand" />
              {t(`address.make-default-${type}`)}
            </label>
          )}
          <div className="flex flex-wrap items-center justify-end gap-3">
            <Link to={ADDRESSES_PATH} className={`${buttonClass.secondary} sm:w-auto`}>
              {t("address.cancel")}
            </Link>
            <SubmitButton busy={busy} className="sm:w-auto">
              {t("address.save")}
            </SubmitButton>
          </div>
        </Form>
      </AccountCard>
    </div>
  );
}

/** What a refused post had typed, to fill the form drawn again (a page without scripts). */
function typedAddress(failure: ReturnType<typeof useFailure>, type: AddressType): SavedAddress | null {
  const typed = failure && "typed" in failure ? (failure.typed as { type?: unknown } | null) : null;
  return typed?.type === type ? (typed as SavedAddress) : null;
}

function useFailure(actionData: Route.ComponentProps["actionData"]) {
  return actionData && "ok" in actionData && actionData.ok === false ? actionData : null;
}

function AddressBookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { book, adding, editing, done } = loaderData;
  const failure = useFailure(actionData);
  if (!book) return null;
  const full = book.addresses.length >= book.limit;
  const formType = editing?.type ?? adding;
  return (
    <AccountLayout title={t("address.book")}>
      {done ? (
        <p
          role="status"
          className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-900"
          data-book-notice={done}
        >
          {t(
            done === "delete"
              ? "successfully-address-deleted"
              : done === "default"
                ? "address.default-changed"
                : "address.saved",
          )}
        </p>
      ) : null}
      <p className="text-sm text-stone-600" data-book-count>
        {t("address.book-text")}{" "}
        {t("address.book-count", { count: book.addresses.length, limit: book.limit })}
      </p>
      {failure && !formType ? (
        <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {failure.key ? t(failure.key) : failure.message || t("error-something-wrong")}
        </p>
      ) : null}
      {formType ? (
        <AddressForm
          key={editing ? `edit-${editing.id}` : `add-${formType}`}
          type={formType}
          address={editing}
          failure={failure}
          busy={busy}
          isFirst={!editing && addressesOfType(book, formType).length === 0}
        />
      ) : null}
      {ADDRESS_TYPES.map((type) => {
        const addresses = addressesOfType(book, type);
        return (
          <AccountCard
            key={type}
            title={t(`address.${type}-list`)}
            data-book-list={type}
            action={
              full ? null : (
                <Link
                  to={`${ADDRESSES_PATH}?add=${type}#address-form`}
                  className={`${buttonClass.secondary} py-2 sm:w-auto`}
                  data-add-book-address={type}
                >
                  <PlusIcon className="size-4" />
                  {t(`address.add-${type}`)}
                </Link>
              )
            }
          >
            {addresses.length > 0 ? (
              <ul className="grid gap-4 md:grid-cols-2">
                {addresses.map((address) => (
                  <BookEntry key={address.id} address={address} busy={busy} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-500">{t(`address.none-${type}`)}</p>
            )}
          </AccountCard>
        );
      })}
      {full ? (
        <p className="text-sm text-stone-600" data-book-full>
          {t("error-address-book-full")}
        </p>
      ) : null}
    </AccountLayout>
  );
}

export default function Addresses(props: Route.ComponentProps) {
  return (
    <RequireAuth ready={props.loaderData.book !== null}>
      <AddressBookPage {...props} />
    </RequireAuth>
  );
}
