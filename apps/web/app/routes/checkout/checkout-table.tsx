import { randomBytes } from "node:crypto";
import { IDEMPOTENCY_KEY_HEADER, type Tab, type TabShare } from "@stoa/contract";
import { data, Form, Link, useNavigation } from "react-router";
import { BillSummary, PayForm, Receipt } from "../../dine-in/bill/BillView.tsx";
import { tabCheckoutBodyOf } from "../../dine-in/bill/bill-form.server.ts";
import { TabRounds } from "../../dine-in/TabRounds.tsx";
import { TABLE_PATH } from "../../dine-in/table.ts";
import { tabOfDiner, tokenEnded } from "../../dine-in/table-answers.server.ts";
import { type ActionFailure, failureText, invalidFields } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { buttonClass } from "../../platform/ui/ui.ts";
import type { Route } from "./+types/checkout-table";

/*
 * `/checkout/table` (spec §2, decision 065 "The bill"): the diner asks for the table's bill, then
 * pays a share of it — the whole rest, one of N equal parts, or the dishes they had — with a tip,
 * by card or at the counter, and sees their receipt. Plain forms throughout: it works before any
 * script has run. An in-store token that ended (the tab was paid) asks to scan the table again.
 */

export async function loader({ context }: Route.LoaderArgs) {
  const answer = await tabOfDiner(context.storeApi);
  if ("ended" in answer) return { ended: true as const };
  // One key per page shown: a pay form posted twice (a double tap, a retry) pays once.
  return { ended: false as const, tab: answer.tab, formKey: randomBytes(16).toString("base64url") };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/checkout/table" });
  return shopMeta(root, { title: metaTranslator(root).t("table-bill.title"), path: "/checkout/table" });
};

type Answer =
  | { ok: true; intent: "ask"; tab: Tab }
  | { ok: true; intent: "pay"; tab: Tab; share: TabShare }
  | (ActionFailure & { intent: string })
  | { ended: true; intent: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "ask") {
    const outcome = await storeApi.form("askForBill", {});
    if (outcome.ok) return { ok: true as const, intent, tab: outcome.data };
    if (tokenEnded(outcome.failure.code)) return { ended: true as const, intent };
    return data({ ...outcome.failure, intent }, { status: outcome.status });
  }
  const parsed = tabCheckoutBodyOf(form);
  if (!parsed.ok) return data({ ...invalidFields(parsed.fields), intent: "pay" }, { status: 400 });
  const key = String(form.get("key") ?? "");
  const outcome = await storeApi.form(
    "tabCheckout",
    { body: parsed.body },
    { fieldPrefix: "credit_card.", headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {} },
  );
  if (outcome.ok) return { ok: true as const, intent: "pay" as const, ...outcome.data };
  if (tokenEnded(outcome.failure.code)) return { ended: true as const, intent };
  return data({ ...outcome.failure, intent: "pay" }, { status: outcome.status });
}

function ScanAgain() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" data-scan-again>
      <h1 className="text-2xl font-bold text-stone-950">{t("table.scan-again-title")}</h1>
      <p className="mt-3 text-stone-600">{t("table.scan-again-text")}</p>
    </div>
  );
}

export default function CheckoutTable({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const answer = actionData as Answer | undefined;
  const paid = answer && "share" in answer ? answer : null;
  if (paid)
    return (
      <div className="mx-auto w-full max-w-xl space-y-6 px-4 py-6" data-checkout-table>
        <h1 className="text-2xl font-bold text-stone-950">
          {t("table-bill.title-at", { name: paid.tab.table.name })}
        </h1>
        <Receipt share={paid.share} tab={paid.tab} />
        <BillSummary tab={paid.tab} />
        {paid.tab.balance > 0 && !loaderData.ended ? (
          <Link to="/checkout/table" className={`${buttonClass.secondary} min-h-11 w-full`} data-pay-another>
            {t("table-bill.pay-another")}
          </Link>
        ) : null}
      </div>
    );
  if (loaderData.ended || (answer && "ended" in answer)) return <ScanAgain />;
  const failure = answer && "code" in answer ? answer : null;
  const tab = answer && "tab" in answer ? answer.tab : loaderData.tab;
  if (!tab)
    return (
      <div className="mx-auto w-full max-w-xl space-y-4 px-4 py-6" data-checkout-table>
        <h1 className="text-2xl font-bold text-stone-950">{t("table-bill.title")}</h1>
        <p className="text-stone-700">{t("table-bill.no-tab")}</p>
        <Link to={TABLE_PATH} className={`${buttonClass.primary} min-h-11`}>
          {t("table-bill.back-to-table")}
        </Link>
      </div>
    );
  return (
    <div
      className="mx-auto w-full max-w-xl space-y-6 px-4 py-6"
      data-checkout-table
      data-tab-status={tab.status}
    >
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-stone-950">
          {t("table-bill.title-at", { name: tab.table.name })}
        </h1>
        {tab.counterAsked ? (
          <p className="text-sm text-stone-600" data-counter-asked>
            {t("table-bill.counter-asked")}
          </p>
        ) : null}
      </header>
      {tab.status === "open" ? (
        <>
          <TabRounds tab={tab} />
          {failure ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {failureText(failure, t)}
            </p>
          ) : null}
          <Form method="post" className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
            <input type="hidden" name="intent" value="ask" />
            <p className="text-sm text-stone-700">{t("table-bill.ask-hint")}</p>
            <button
              type="submit"
              className={`${buttonClass.primary} min-h-12 w-full`}
              disabled={navigation.state === "submitting"}
              data-ask-for-bill
            >
              {t("table-bill.ask")}
            </button>
          </Form>
        </>
      ) : (
        <>
          <BillSummary tab={tab} />
          {tab.balance > 0 ? (
            <PayForm tab={tab} failure={failure} formKey={loaderData.formKey} />
          ) : (
            <p className="font-semibold text-emerald-900" data-bill-left>
              {t("table-bill.settled")}
            </p>
          )}
        </>
      )}
    </div>
  );
}
