import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import type { StaffAccount } from "../staff/sessions.ts";
import { referralSettingsOf } from "./settings.ts";
import {
  decideReview,
  payCommissions,
  saveReferralSettings,
  staffCommissionList,
  staffReviewList,
} from "./staff.ts";

/** The console's referral calls (`staffReferralEndpoints`): rules, commissions to pay, the review queue. */
export function staffReferralRoutes(staffRoute: Route<StaffAccount>, db: Database): void {
  staffRoute("staffReferralSettings", async ({ ctx }) => referralSettingsOf(db, ctx.store.id));
  staffRoute("staffReferralSettingsSave", async ({ ctx, body, account }) =>
    saveReferralSettings(db, ctx.store.id, account.member.id, body),
  );
  staffRoute("staffCommissions", async ({ ctx, body }) => staffCommissionList(db, ctx.store, body));
  staffRoute("staffCommissionsPay", async ({ ctx, body, account }) =>
    payCommissions(db, ctx.store.id, account.member.id, body.ids),
  );
  staffRoute("staffReferralReviews", async ({ ctx, body }) => staffReviewList(db, ctx.store.id, body));
  staffRoute("staffReferralDecide", async ({ ctx, body, account }) =>
    decideReview(db, ctx.store.id, account.member.id, body),
  );
}
