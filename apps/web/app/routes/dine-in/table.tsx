import { randomBytes } from "node:crypto";
import {
  type AddRoundBody,
  addRoundBodySchema,
  type CartItemInput,
  FIELD_ERROR_KEYS,
  openTabBodySchema,
  type Tab,
  type TableMenuItem,
} from "@stoa/contract";
import { useCallback, useEffect, useMemo, useState } from "react";
import { data, Form, useFetcher, useNavigation } from "react-router";
import { RoundBasket } from "../../dine-in/RoundBasket.tsx";
import { addToBasket, emptyBasket, roundBodyOf, setNote, setQuantity } from "../../dine-in/round-basket.ts";
import { DishOptionsDialog, summaryOf, TableMenuList } from "../../dine-in/TableMenu.tsx";
import { TabRounds } from "../../dine-in/TabRounds.tsx";
import { menuOfTable, tabOfDiner, tokenEnded } from "../../dine-in/table-answers.server.ts";
import { useLive } from "../../dine-in/use-live.ts";
import { type ActionFailure, failureText, invalidFields } from "../../platform/api/form-answer.ts";
import type { StoreApi } from "../../platform/api/store-api.server.ts";
import { validateWith } from "../../platform/form-values.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { metaTranslator, rootDataOf, shopMeta } from "../../platform/meta.ts";
import { useToast } from "../../platform/ui/ToastProvider.tsx";
import { buttonClass, inputClass } from "../../platform/ui/ui.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/table";

/*
 * The diner's table page (issue 34): the name typed once, the table's menu, the round being put
 * together and "Send to the kitchen", then every round of the tab with its state, refreshed while
 * the page is open. An in-store token that ended (the tab was paid, or ten minutes went by unused)
 * asks the diner to scan the table's code again.
 */

export async function loader({ context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const answer = await tabOfDiner(storeApi);
  if ("ended" in answer) return { ended: true as const };
  const menu = await menuOfTable(storeApi);
  // One-dish rounds of the forms that work without scripts: a key per dish per page, so a form
  // posted twice adds its dish once.
  return { ended: false as const, tab: answer.tab, menu, renderKey: randomBytes(12).toString("base64url") };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  if (root?.kind !== "shop") return shopMeta(root, { path: "/table" });
  return shopMeta(root, { title: metaTranslator(root).t("table.title"), path: "/table" });
};

type Answer =
  | { ok: true; intent: string; tab: Tab }
  | (ActionFailure & { intent: string })
  | { ended: true; intent: string };

async function send(storeApi: StoreApi, intent: string, round: AddRoundBody | null) {
  if (!round) return data({ ...invalidFields({ lines: FIELD_ERROR_KEYS.invalid }), intent }, { status: 400 });
  const outcome = await storeApi.form("addRound", { body: round });
  if (outcome.ok) return { ok: true as const, intent, tab: outcome.data };
  if (tokenEnded(outcome.failure.code)) return { ended: true as const, intent };
  return data({ ...outcome.failure, intent }, { status: outcome.status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { storeApi } = context;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "open") {
    const check = validateWith(openTabBodySchema, { dinerName: String(form.get("dinerName") ?? "") });
    if (!check.ok) return data({ ...invalidFields(check.fields), intent }, { status: 400 });
    const outcome = await storeApi.form("openTab", { body: check.data });
    if (outcome.ok) return { ok: true as const, intent, tab: outcome.data };
    if (tokenEnded(outcome.failure.code)) return { ended: true as const, intent };
    return data({ ...outcome.failure, intent }, { status: outcome.status });
  }
  if (intent === "dish") {
    const round = addRoundBodySchema.safeParse({
      roundKey: String(form.get("roundKey") ?? ""),
      lines: [{ productId: Number(form.get("productId")), quantity: 1 }],
    });
    return send(storeApi, intent, round.success ? round.data : null);
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(String(form.get("round") ?? "null"));
  } catch {
    parsed = null;
  }
  const round = addRoundBodySchema.safeParse(parsed);
  return send(storeApi, "round", round.success ? round.data : null);
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

function NamePrompt({ failure }: { failure: ActionFailure | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const error = failure?.fields.dinerName;
  return (
    <Form
      method="post"
      className="space-y-3 rounded-xl border border-stone-200 bg-white p-4"
      data-name-prompt
    >
      <input type="hidden" name="intent" value="open" />
      <h2 className="text-lg font-bold text-stone-950">{t("table.name-title")}</h2>
      <p className="text-sm text-stone-600">{t("table.name-hint")}</p>
      <label htmlFor="diner-name" className="block text-sm font-medium text-stone-800">
        {t("table.name-label")}
      </label>
      <input
        id="diner-name"
        name="dinerName"
        autoComplete="given-name"
        maxLength={30}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "diner-name-error" : undefined}
      />
      {error ? (
        <p id="diner-name-error" className="text-sm text-red-700">
          {t(error)}
        </p>
      ) : null}
      <button
        type="submit"
        className={`${buttonClass.primary} min-h-11 w-full`}
        disabled={navigation.state === "submitting"}
      >
        {t("table.join")}
      </button>
    </Form>
  );
}

export default function TablePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { locale } = useShop();
  const fetcher = useFetcher<Answer>();
  const [basket, setBasket] = useState(emptyBasket);
  const [choosing, setChoosing] = useState<TableMenuItem | null>(null);
  const answered = (fetcher.data ?? actionData) as Answer | undefined;
  const freshest = answered && "tab" in answered ? answered.tab : null;
  const initial = loaderData.ended ? null : (freshest ?? loaderData.tab);
  const live = useLive<Tab>("/table/tab", initial);
  const tab = live.current;
  const menu = loaderData.ended ? null : loaderData.menu;
  const renderKey = loaderData.ended ? "" : loaderData.renderKey;
  const failure = answered && "code" in answered ? answered : null;

  const round = fetcher.data;
  useEffect(() => {
    if (!round) return;
    if ("tab" in round && round.intent === "round") {
      setBasket(emptyBasket());
      const held = round.tab.rounds.at(-1)?.status === "held";
      showToast(held ? t("table.held-toast") : t("table.sent-toast"), "success");
    } else if ("code" in round) {
      showToast(failureText(round, t), "error");
    }
  }, [round, showToast, t]);
  useEffect(() => {
    if (actionData && "tab" in actionData && actionData.intent === "dish")
      showToast(t("table.sent-toast"), "success");
  }, [actionData, showToast, t]);

  const add = useCallback(
    (item: CartItemInput, quantity: number) => {
      setBasket((current) => addToBasket(current, item, quantity));
      showToast(t("table.added", { name: item.name }), "success");
    },
    [showToast, t],
  );
  const destination = useMemo(() => ({ add, label: t("table.add-to-round") }), [add, t]);

  if (loaderData.ended || live.ended || (answered && "ended" in answered)) return <ScanAgain />;
  const joined = tab?.you != null;
  const currency = menu?.currency ?? tab?.currency ?? "USD";
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6" data-table-page>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-stone-950" data-table-name>
          {tab ? <bdi>{tab.table.name}</bdi> : t("table.title")}
        </h1>
        {tab && tab.diners.length > 0 ? (
          <p className="text-sm text-stone-600" data-table-diners>
            {t("table.diners", { names: new Intl.ListFormat(locale).format(tab.diners) })}
            {joined ? ` · ${t("table.you-are", { name: tab.you })}` : ""}
          </p>
        ) : null}
        {tab && !tab.confirmed ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-table-unconfirmed>
            {t("table.unconfirmed")}
          </p>
        ) : null}
      </header>
      {!joined ? <NamePrompt failure={failure?.intent === "open" ? failure : null} /> : null}
      {failure && failure.intent === "dish" ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {failureText(failure, t)}
        </p>
      ) : null}
      <section aria-labelledby="table-menu-title" className="space-y-4">
        <h2 id="table-menu-title" className="text-xl font-bold text-stone-950">
          {t("table.menu")}
        </h2>
        {menu ? (
          <TableMenuList
            menu={menu}
            roundKeyOf={(productId) => `${renderKey}-${productId}`}
            onAdd={(item) =>
              add(
                {
                  productId: item.id,
                  name: item.name,
                  image: item.image,
                  price: item.salePrice ?? item.price,
                  stock: 1,
                },
                1,
              )
            }
            onChoose={setChoosing}
          />
        ) : (
          <p className="text-sm text-stone-600" data-menu-unavailable>
            {t("table.menu-unavailable")}
          </p>
        )}
      </section>
      {tab ? <TabRounds tab={tab} /> : null}
      <RoundBasket
        basket={basket}
        currency={currency}
        sending={fetcher.state !== "idle"}
        fields={failure?.intent === "round" ? failure.fields : {}}
        onQuantity={(id, quantity) => setBasket((current) => setQuantity(current, id, quantity))}
        onNote={(id, note) => setBasket((current) => setNote(current, id, note))}
        onSend={() =>
          fetcher.submit({ intent: "round", round: JSON.stringify(roundBodyOf(basket)) }, { method: "post" })
        }
      />
      {choosing ? (
        <DishOptionsDialog
          product={summaryOf(choosing, currency)}
          destination={{
            label: destination.label,
            add: (item, quantity) => {
              destination.add(item, quantity);
              setChoosing(null);
            },
          }}
          onClose={() => setChoosing(null)}
        />
      ) : null}
    </div>
  );
}
