import { type AddressBook, type BookAddress, type User, updateUserBodySchema } from "@stoa/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { AccountCard, AccountLayout } from "../../account/AccountLayout.tsx";
import { type AddressType, addressLines, addressName, defaultAddressOf } from "../../account/address.ts";
import { SubmitButton } from "../../account/FormButtons.tsx";
import { TextField } from "../../account/FormFields.tsx";
import { FormAlert } from "../../account/FormMessages.tsx";
import { useAccountForm } from "../../account/use-account-form.ts";
import { cardWallet } from "../../payments/card-wallet.server.ts";
import type { CardWallet } from "../../payments/card-wallet.ts";
import { SavedCardsCard } from "../../payments/SavedCardsCard.tsx";
import { failed, invalid } from "../../platform/api/form-answer.ts";
import { formValues, validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import {
  CheckCircleIcon,
  MailIcon,
  MapPinIcon,
  PencilIcon,
  PhoneIcon,
  PlusIcon,
  TrashIcon,
} from "../../platform/ui/icons.tsx";
import { useToast } from "../../platform/ui/ToastProvider.tsx";
import { buttonClass } from "../../platform/ui/ui.ts";
import { useModal } from "../../shell/modal/ModalProvider.tsx";
import { useAuth } from "../../shell/root-data.ts";
import type { Route } from "./+types/profile";

export async function loader(args: Route.LoaderArgs) {
  const { storeApi } = args.context;
  const user = signedInCustomer((await storeApi.session()).auth);
  if (!user) return { book: null, wallet: null };
  const [book, wallet] = await Promise.all([storeApi.page("addresses", {}), cardWallet(storeApi, true)]);
  return { book, wallet };
}

/** The names form posts here (it works as a plain form too). */
export async function action(args: Route.ActionArgs) {
  const user = signedInCustomer((await args.context.storeApi.session()).auth);
  if (!user) return invalid({ firstName: "error-unauthorized" });
  const check = validateWith(
    updateUserBodySchema,
    formValues(await args.request.formData(), ["firstName", "lastName"]),
  );
  if (!check.ok) return invalid(check.fields);
  const outcome = await args.context.storeApi.form("updateUser", {
    params: { id: user.userId },
    body: check.data,
  });
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, intent: "names" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, "/profile", (t) => t("account.profile"));

const quietButton =
  "inline-flex items-center gap-1.5 rounded-full border border-stone-300 px-3.5 py-1.5 text-sm font-medium text-stone-800 hover:border-stone-400 hover:bg-stone-50";

function NamesCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const form = useAccountForm(() => showToast(t("profile-update-successful"), "success"));
  return (
    <AccountCard title={t("profile.details")} description={t("profile.details-text")} data-profile-names>
      <form.fetcher.Form
        method="post"
        action="/profile"
        noValidate
        onSubmit={form.validated(updateUserBodySchema, ["firstName", "lastName"])}
        className="space-y-5"
      >
        <FormAlert failure={form.alert} onClose={form.dismiss} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("profile.first-name")}
            name="firstName"
            errors={form.errors}
            autoComplete="given-name"
            defaultValue={user.firstName}
          />
          <TextField
            label={t("profile.last-name")}
            name="lastName"
            errors={form.errors}
            autoComplete="family-name"
            defaultValue={user.lastName}
          />
        </div>
        <div className="flex justify-end">
          <SubmitButton busy={form.busy} className="sm:w-auto">
            {t("profile.save")}
          </SubmitButton>
        </div>
      </form.fetcher.Form>
    </AccountCard>
  );
}

function ContactRow({
  icon,
  label,
  value,
  verified,
  onEdit,
  editLabel,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string | null;
  verified?: boolean;
  onEdit: () => void;
  editLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center gap-4 py-4 first:pt-0 last:pb-0" data-contact={testId}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-600">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-stone-500">{label}</p>
        {value ? (
          <p className="flex flex-wrap items-center gap-2 font-medium text-stone-950">
            <bdi dir="ltr" className="break-all">
              {value}
            </bdi>
            {verified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                <CheckCircleIcon className="size-3.5" />
                {t("profile.verified")}
              </span>
            ) : null}
          </p>
        ) : (
          <p className="text-stone-500">{t("profile.not-added")}</p>
        )}
      </div>
      <button type="button" onClick={onEdit} className={quietButton}>
        {value ? <PencilIcon className="size-4" /> : <PlusIcon className="size-4" />}
        {editLabel}
      </button>
    </li>
  );
}

function ContactCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const phone = user.phone ? `+${user.countryCode ?? ""} ${user.phone}` : null;
  return (
    <AccountCard title={t("profile.contact")} description={t("profile.contact-text")}>
      <ul className="divide-y divide-stone-200">
        <ContactRow
          icon={<MailIcon className="size-5" />}
          label={t("login.email")}
          value={user.email}
          verified={Boolean(user.email) && user.emailVerified}
          onEdit={() =>
            openModal("ADD_OR_UPDATE_PROFILE_CONTACT", { kind: "email", hasValue: Boolean(user.email) })
          }
          editLabel={t(user.email ? "profile.change" : "profile.add")}
          testId="email"
        />
        <ContactRow
          icon={<PhoneIcon className="size-5" />}
          label={t("phone.label")}
          value={phone}
          onEdit={() =>
            openModal("ADD_OR_UPDATE_PROFILE_CONTACT", { kind: "phone", hasValue: Boolean(phone) })
          }
          editLabel={t(phone ? "profile.change" : "profile.add")}
          testId="phone"
        />
      </ul>
    </AccountCard>
  );
}

/** The default address of a type; the address book page holds the others. */
function AddressCard({ type, address }: { type: AddressType; address: BookAddress | null }) {
  const { t } = useTranslation();
  const { openModal } = useModal();
  return (
    <article className="flex flex-col rounded-2xl border border-stone-200 p-5" data-address={type}>
      <div className="flex items-start gap-2">
        <MapPinIcon className="size-5 shrink-0 text-brand" />
        <h3 className="min-w-0 flex-1 font-semibold text-stone-950">{t(`address.${type}`)}</h3>
        {address?.title ? (
          <span className="max-w-[9rem] shrink-0 truncate rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
            {address.title}
          </span>
        ) : null}
      </div>
      {address ? (
        <>
          <address className="mt-3 flex-1 text-sm leading-6 text-stone-700 not-italic">
            <span className="block font-medium text-stone-950">{addressName(address)}</span>
            {addressLines(address).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => openModal("ADD_OR_UPDATE_ADDRESS", { type, address })}
              className={quietButton}
            >
              <PencilIcon className="size-4" />
              {t("profile.edit")}
            </button>
            <button
              type="button"
              onClick={() => openModal("DELETE_ADDRESS", { type, id: address.id })}
              className={`${quietButton} text-red-700 hover:border-red-300 hover:bg-red-50`}
            >
              <TrashIcon className="size-4" />
              {t("profile.delete")}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-3 flex-1 text-sm text-stone-500">{t(`address.none-${type}`)}</p>
          <button
            type="button"
            onClick={() => openModal("ADD_OR_UPDATE_ADDRESS", { type, address: null })}
            className={`${buttonClass.secondary} mt-4 py-2`}
          >
            <PlusIcon className="size-4" />
            {t(`address.add-${type}`)}
          </button>
        </>
      )}
    </article>
  );
}

function ProfilePage({ book, wallet }: { book: AddressBook; wallet: CardWallet | null }) {
  const { t } = useTranslation();
  const user = signedInCustomer(useAuth());
  if (!user) return null;
  return (
    <AccountLayout title={t("account.profile")}>
      <NamesCard user={user} />
      <ContactCard user={user} />
      <AccountCard
        title={t("address.title")}
        description={t("address.text")}
        action={
          <Link to="/addresses" className={quietButton} data-manage-addresses>
            {t("address.manage")}
          </Link>
        }
      >
        <div className="grid gap-4 md:grid-cols-2">
          <AddressCard type="billing" address={defaultAddressOf(book, "billing")} />
          <AddressCard type="shipping" address={defaultAddressOf(book, "shipping")} />
        </div>
      </AccountCard>
      {wallet ? <SavedCardsCard wallet={wallet} /> : null}
    </AccountLayout>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { book } = loaderData;
  return (
    <RequireAuth ready={book !== null}>
      {book ? <ProfilePage book={book} wallet={loaderData.wallet} /> : null}
    </RequireAuth>
  );
}
