import { useState } from "react";
import { data } from "react-router";
import { RequireAuth } from "../../account/AccessGate.tsx";
import { AccountLayout } from "../../account/AccountLayout.tsx";
import { FormAlert } from "../../account/FormMessages.tsx";
import { failed } from "../../platform/api/form-answer.ts";
import { useTranslation } from "../../platform/i18n/translation.tsx";
import { accountPageMeta } from "../../platform/meta.ts";
import { signedInCustomer } from "../../platform/session/auth-state.ts";
import { EmptyState } from "../../platform/ui/EmptyState.tsx";
import { GiftIcon } from "../../platform/ui/icons.tsx";
import { ReferralLedger, ReferralTotals } from "../../referrals/ReferralLedger.tsx";
import { ReferralShare } from "../../referrals/ReferralShare.tsx";
import { shareLinkOf } from "../../referrals/referral-link.ts";
import {
  REFERRALS_PATH,
  rateText,
  referralListParams,
  referralOrdersQuery,
  rewardText,
} from "../../referrals/referral-list.ts";
import { useShop } from "../../shell/root-data.ts";
import type { Route } from "./+types/account.referrals";

/**
 * `/account/referrals`, "Refer a friend" (issue 36): the customer's code and share link on this
 * shop's own address, what they have earned, and the ledger of spec §7 with its paid filter.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { storeApi } = context;
  const url = new URL(request.url);
  const params = referralListParams(url.searchParams);
  const confirming = url.searchParams.get("confirm") === "new-code";
  if (!signedInCustomer((await storeApi.session()).auth))
    return { mine: null, orders: null, shareLink: null, params, confirming };
  const mine = await storeApi.page("myReferralCode", {});
  const orders = mine.enabled
    ? await storeApi.page("referralOrders", { query: referralOrdersQuery(params) })
    : null;
  return { mine, orders, shareLink: shareLinkOf(url.origin, mine.link, mine.code), params, confirming };
}

/** "New code" once confirmed: the old code and link stop working at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "new-code") return data({ ok: false as const, replaced: false }, 400);
  const outcome = await context.storeApi.form("generateReferralCode", {});
  if (!outcome.ok) return failed(outcome);
  return { ok: true as const, replaced: true, mine: outcome.data };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  accountPageMeta(matches, REFERRALS_PATH, (t) => t("referral.title"));

export default function AccountReferrals({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store, locale, origin } = useShop();
  const { orders, params, confirming } = loaderData;
  // The code "New code" answered is the one to show, whatever the page's data read before it.
  const fresh = actionData?.ok === true && "mine" in actionData ? actionData.mine : null;
  const mine = fresh ?? loaderData.mine;
  const shareLink = fresh ? shareLinkOf(origin, fresh.link, fresh.code) : loaderData.shareLink;
  const answered = actionData && actionData.ok === false && "code" in actionData ? actionData : undefined;
  const [closed, setClosed] = useState<unknown>(null);
  const failure = answered && closed !== answered ? answered : undefined;
  const replaced = actionData?.ok === true && actionData.replaced;
  const currency = orders?.currency ?? store.settings.currency;
  const reward = mine?.reward
    ? rewardText(mine.reward, currency, locale, {
        percent: (value) => t("referral.reward-percent", { value }),
        amount: (amount) => t("referral.reward-amount", { amount }),
      })
    : "";
  const intro =
    mine?.commissionBp && mine.commissionBp > 0
      ? t("referral.intro", { reward, rate: rateText(mine.commissionBp, locale) })
      : t("referral.intro-no-commission", { reward });
  return (
    <RequireAuth ready={mine !== null}>
      {mine ? (
        <AccountLayout title={t("referral.title")}>
          {mine.enabled ? (
            <>
              <FormAlert failure={failure} onClose={() => setClosed(answered)} />
              <ReferralShare
                mine={mine}
                shareLink={shareLink}
                intro={intro}
                reward={reward}
                confirming={confirming && !replaced}
                replaced={replaced}
              />
              {orders ? <ReferralTotals orders={orders} /> : null}
              {orders ? <ReferralLedger orders={orders} params={params} /> : null}
            </>
          ) : (
            <EmptyState
              icon={<GiftIcon className="size-8" />}
              title={t("referral.title")}
              text={t("referral.off")}
              data-referrals-off
            />
          )}
        </AccountLayout>
      ) : null}
    </RequireAuth>
  );
}
