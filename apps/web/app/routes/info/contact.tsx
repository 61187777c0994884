import { contactMessageBodySchema } from "@stoa/contract";
import { data } from "react-router";
import { ContactForm } from "../../content/ContactForm.tsx";
import type { ContactAnswer } from "../../content/contact-form.ts";
import { contactMessageOf } from "../../content/contact-message.server.ts";
import { InfoPageArticle, InfoPageLayout } from "../../content/InfoPage.tsx";
import { invalidFields } from "../../platform/api/form-answer.ts";
import { validateWith } from "../../platform/form-values.ts";
import { rootDataOf, shopMeta } from "../../platform/meta.ts";
import type { Route } from "./+types/contact";

/** The shop's contact page: its text, and a form to write to it. Unpublished, it is not found. */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await context.storeApi.page("infoPage", { params: { slug: "contact" } }) };
}

/**
 * The message, checked with the contract's schema and sent to the shop. By script (a fetcher) and
 * as a plain form post alike it answers data: a plain post renders the page again with it, the
 * thank-you or the form as it was typed with what to fix.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { typed, body } = contactMessageOf(await request.formData());
  const check = validateWith(contactMessageBodySchema, body);
  if (!check.ok) return data<ContactAnswer>({ ...invalidFields(check.fields), typed }, { status: 400 });
  const outcome = await context.storeApi.form("contactCreate", { body: check.data });
  if (!outcome.ok) return data<ContactAnswer>({ ...outcome.failure, typed }, { status: outcome.status });
  return data<ContactAnswer>({ ok: true, intent: "contact", email: check.data.email });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop" || !loaderData) return shopMeta(root, { path: "/contact" });
  const { page } = loaderData;
  return shopMeta(root, { title: page.title, description: page.summary, path: "/contact" });
};

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <InfoPageLayout>
      <div className="grid grid-cols-1 gap-10 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <InfoPageArticle page={loaderData.page} />
        <ContactForm posted={actionData} />
      </div>
    </InfoPageLayout>
  );
}
