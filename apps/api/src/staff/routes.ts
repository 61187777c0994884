import { FIELD_ERROR_KEYS, type Locale, messageText, SUCCESS_KEYS } from "@stoa/contract";
import { productExportPage, productImportApply, productImportDryRun } from "../catalogue/product-csv.ts";
import {
  createStaffCategory,
  moveStaffCategory,
  staffCategoryList,
  updateStaffCategory,
} from "../catalogue/staff-categories.ts";
import {
  addProductImage,
  staffProductImages,
  updateProductImages,
} from "../catalogue/staff-product-images.ts";
import {
  createStaffProduct,
  staffProductChoices,
  staffProductDetail,
  staffProductList,
  updateStaffProduct,
  updateStaffProductVariations,
} from "../catalogue/staff-products.ts";
import { staffStockList } from "../catalogue/staff-stock.ts";
import {
  markContactMessage,
  newsletterSubscribers,
  removeSubscriber,
  staffContactMessages,
  unreadCount,
} from "../content/staff-messages.ts";
import { staffCustomerList } from "../customers/staff-customers.ts";
import { openingHoursOf, setOpeningHours } from "../delivery/service.ts";
import * as deliveryStaff from "../delivery/staff-settings.ts";
import { staffDeliverySettings, updateDeliverySettings } from "../flows/delivery-settings.ts";
import type { OrderFlowDeps } from "../flows/deps.ts";
import { giveRefund } from "../flows/give-refund.ts";
import { moveOrderOn, setParcel } from "../flows/move-order.ts";
import { cardGatewaysOf, newCardGatewayOf } from "../flows/payments.ts";
import { answerRefund } from "../flows/refund.ts";
import { staffCancelOrder } from "../flows/staff-cancel.ts";
import * as customersStaff from "../flows/staff-customers.ts";
import { adjustStock, setStockThreshold, stockProduct } from "../inventory/staff-stock.ts";
import type { DownloadFiles } from "../orders/files.ts";
import { shopTimezone, storeOrder } from "../orders/service.ts";
import {
  currentPaymentSettings,
  setBamboraKeys,
  setShopPaymentProviders,
  setStripeKeys,
} from "../payments/payment-settings.ts";
import type { SecretsConfig } from "../payments/secrets.ts";
import type { MediaStorage } from "../platform/files/media-storage.ts";
import { ApiError } from "../platform/http/errors.ts";
import type { Route } from "../platform/http/route.ts";
import { setTaxSettings, taxSettingsOf } from "../pricing/tax-settings.ts";
import {
  createStaffCoupon,
  staffCouponDetail,
  staffCouponList,
  updateStaffCoupon,
} from "../promotions/staff-coupons.ts";
import { setShopLogo, shopLogoOf } from "../stores/logo.ts";
import { setCardProvider, storeById } from "../stores/service.ts";
import { currentShopSettings, setStaffRefundLimit, updateShopSettings } from "../stores/settings.ts";
import type { StoreRow } from "../stores/tables.ts";
import {
  acceptStaffInvitation,
  inviteStaff,
  resetStaffPassword,
  staffAccountList,
  staffInvitation,
  staffLogoutEverywhere,
  staffMe,
  updateStaffAccount,
} from "./accounts.ts";
import { auditEntries, recordChange } from "./audit.ts";
import { addOrderNote } from "./order-notes.ts";
import {
  staffOrderAnswer,
  staffOrderList,
  staffRefundAnswers,
  staffRefundList,
  staffSalesReport,
  staffStuckPayments,
  staffToday,
} from "./service.ts";
import { type StaffAccount, staffLogin, staffLogout } from "./sessions.ts";

/** The staff calls, on the router whose tokens are staff sessions. */
export function staffRoutes(
  route: Route<StaffAccount>,
  deps: OrderFlowDeps,
  {
    secrets,
    media,
    downloadFiles,
  }: { secrets: SecretsConfig; media: MediaStorage; downloadFiles: DownloadFiles },
): void {
  const { db } = deps;
  route("staffLogin", async ({ ctx, body }) => staffLogin(db, ctx, body.email, body.password));
  route("staffLogout", async ({ ctx, account }) => {
    await staffLogout(db, account);
    return { message: messageText(SUCCESS_KEYS.signedOut, ctx.locale) };
  });
  route("staffOrderList", async ({ ctx, query, body }) => staffOrderList(db, ctx.store.id, body, query));
  route("staffOrderDetail", async ({ ctx, body }) =>
    staffOrderAnswer(db, await storeOrder(db, ctx.store.id, body.orderId)),
  );
  route("staffMoveOrder", async ({ ctx, body, account }) =>
    staffOrderAnswer(db, await moveOrderOn(deps, ctx, account, body.orderId, body.action, body.tracking)),
  );
  route("staffOrderTracking", async ({ ctx, body, account }) =>
    staffOrderAnswer(db, await setParcel(deps, ctx, account, body.orderId, body)),
  );
  route("staffCancelOrder", async ({ ctx, body, account }) =>
    staffOrderAnswer(db, await staffCancelOrder(deps, ctx, account, body.orderId, body.reason)),
  );
  route("staffRefundOrder", async ({ ctx, body, account }) => {
    const { refund, amount, refundedTo, order } = await giveRefund(deps, ctx, account, body);
    const status = refund ? (refund.status === "refunded" ? "refunded" : "approved") : null;
    const answer = await staffOrderAnswer(db, order);
    return {
      refundId: refund?.id ?? null,
      amount,
      currency: order.currency,
      refundedTo,
      status,
      order: answer,
    };
  });
  route("staffAddOrderNote", async ({ ctx, body, account }) =>
    staffOrderAnswer(db, await addOrderNote(db, ctx.store.id, account.member.id, body.orderId, body.text)),
  );
  route("staffRefundList", async ({ ctx, query, body }) =>
    staffRefundList(db, ctx.store.id, body.status, query),
  );
  route("staffStuckPayments", async ({ ctx }) => staffStuckPayments(db, ctx.store.id));
  const cardProviderOf = (store: StoreRow) => ({
    cardProvider: newCardGatewayOf(deps.payments, store),
    offered: cardGatewaysOf(deps.payments, store),
  });
  route("staffCardProvider", async ({ ctx }) => cardProviderOf(ctx.store));
  route("staffSetCardProvider", async ({ ctx, body, account }) => {
    if (!cardGatewaysOf(deps.payments, ctx.store).includes(body.cardProvider))
      throw new ApiError("INVALID_INPUT", { cardProvider: FIELD_ERROR_KEYS.invalid });
    await db.transaction(async (tx) => {
      await setCardProvider(tx, ctx.store.id, body.cardProvider);
      await recordChange(tx, {
        storeId: ctx.store.id,
        staffId: account.member.id,
        action: "settings.cardProvider",
        subject: "store",
        before: newCardGatewayOf(deps.payments, ctx.store),
        after: body.cardProvider,
      });
    });
    const store = await storeById(db, ctx.store.id);
    if (!store) throw new Error(`store ${ctx.store.id} vanished`);
    return cardProviderOf(store);
  });
  const pay = { db, payments: deps.payments, secrets };
  route("staffPaymentSettings", async ({ ctx }) => currentPaymentSettings(pay, ctx.store.id));
  route("staffSetPaymentProviders", async ({ ctx, body, account }) =>
    setShopPaymentProviders(pay, ctx.store.id, account.member.id, body),
  );
  route("staffSetStripeKeys", async ({ ctx, body, account }) =>
    setStripeKeys(pay, ctx.store.id, account.member.id, body),
  );
  route("staffSetBamboraKeys", async ({ ctx, body, account }) =>
    setBamboraKeys(pay, ctx.store.id, account.member.id, body),
  );
  route("staffTaxSettings", async ({ ctx }) => taxSettingsOf(db, ctx.store.id));
  route("staffSetTaxSettings", async ({ ctx, body, account }) =>
    setTaxSettings(db, ctx.store.id, account.member.id, body),
  );
  route("staffLogo", async ({ ctx }) => shopLogoOf(db, media, ctx.store.id));
  route("staffSetLogo", async ({ ctx, body, account }) =>
    setShopLogo(db, media, ctx.store.id, account.member.id, body),
  );
  route("staffProductImages", async ({ ctx, body }) => staffProductImages(db, ctx.store.id, body.productId));
  route("staffAddProductImage", async ({ ctx, body, account }) =>
    addProductImage(db, media, ctx.store.id, account.member.id, body),
  );
  route("staffUpdateProductImages", async ({ ctx, body, account }) =>
    updateProductImages(db, ctx.store.id, account.member.id, body),
  );
  route("staffCategoryList", async ({ ctx }) => staffCategoryList(db, ctx.store.id));
  route("staffCategoryCreate", async ({ ctx, body, account }) =>
    createStaffCategory(db, ctx.store.id, account.member.id, body),
  );
  route("staffCategoryUpdate", async ({ ctx, body, account }) =>
    updateStaffCategory(db, ctx.store.id, account.member.id, body),
  );
  route("staffCategoryMove", async ({ ctx, body, account }) =>
    moveStaffCategory(db, ctx.store.id, account.member.id, body),
  );
  route("staffOpeningHours", async ({ ctx }) => openingHoursOf(db, ctx.store.id));
  route("staffSetOpeningHours", async ({ ctx, body, account }) =>
    db.transaction(async (tx) => {
      const before = await openingHoursOf(tx, ctx.store.id);
      const after = await setOpeningHours(tx, ctx.store.id, body);
      await recordChange(tx, {
        storeId: ctx.store.id,
        staffId: account.member.id,
        action: "settings.hours",
        subject: "store",
        before,
        after,
      });
      return after;
    }),
  );
  const who = (ctx: { store: StoreRow }, account: StaffAccount) => ({
    storeId: ctx.store.id,
    staffId: account.member.id,
  });
  route("staffDeliverySettings", async ({ ctx }) =>
    staffDeliverySettings(db, ctx.store.id, ctx.store.currency),
  );
  route("staffUpdateDeliverySettings", async ({ ctx, body, account }) =>
    updateDeliverySettings(db, who(ctx, account), ctx.store.currency, body),
  );
  const postOptions = ({ store }: { store: StoreRow }) =>
    deliveryStaff.staffPostOptions(db, store.id, store.currency);
  route("staffPostOptions", async ({ ctx }) => postOptions(ctx));
  route("staffAddPostOption", async ({ ctx, body, account }) => {
    await deliveryStaff.addPostOption(db, who(ctx, account), body);
    return postOptions(ctx);
  });
  route("staffUpdatePostOption", async ({ ctx, body: { id, ...form }, account }) => {
    await deliveryStaff.updatePostOption(db, who(ctx, account), id, form);
    return postOptions(ctx);
  });
  route("staffSetPostOptionActive", async ({ ctx, body, account }) => {
    await deliveryStaff.setPostOptionActive(db, who(ctx, account), body.id, body.active);
    return postOptions(ctx);
  });
  route("staffMovePostOption", async ({ ctx, body, account }) => {
    await deliveryStaff.movePostOption(db, who(ctx, account), body.id, body.direction);
    return postOptions(ctx);
  });
  const pickupPoints = (ctx: { store: StoreRow }) => deliveryStaff.staffPickupPoints(db, ctx.store.id);
  route("staffPickupPoints", async ({ ctx }) => pickupPoints(ctx));
  route("staffAddPickupPoint", async ({ ctx, body, account }) => {
    await deliveryStaff.addPickupPoint(db, who(ctx, account), body);
    return pickupPoints(ctx);
  });
  route("staffUpdatePickupPoint", async ({ ctx, body: { id, ...form }, account }) => {
    await deliveryStaff.updatePickupPoint(db, who(ctx, account), id, form);
    return pickupPoints(ctx);
  });
  route("staffSetPickupPointActive", async ({ ctx, body, account }) => {
    await deliveryStaff.setPickupPointActive(db, who(ctx, account), body.id, body.active);
    return pickupPoints(ctx);
  });
  route("staffMovePickupPoint", async ({ ctx, body, account }) => {
    await deliveryStaff.movePickupPoint(db, who(ctx, account), body.id, body.direction);
    return pickupPoints(ctx);
  });
  route("staffAnswerRefund", async ({ ctx, body, account }) => {
    const refund = await answerRefund(deps, ctx, account, body);
    const [answer] = await staffRefundAnswers(db, ctx.store.id, [refund]);
    if (!answer) throw new Error(`refund ${refund.id} has no answer`);
    return answer;
  });

  route("staffMe", async ({ account }) => staffMe(account));
  route("staffLogoutEverywhere", async ({ ctx, account }) => {
    await staffLogoutEverywhere(db, account);
    return { message: messageText(SUCCESS_KEYS.signedOutEverywhere, ctx.locale) };
  });
  route("staffAccountList", async ({ ctx }) => staffAccountList(db, ctx.store.id));
  route("staffInvite", async ({ ctx, body, account }) => {
    await inviteStaff(db, ctx, account, body);
    return staffAccountList(db, ctx.store.id);
  });
  route("staffAccountUpdate", async ({ ctx, body, account }) => {
    await updateStaffAccount(db, ctx.store.id, account, body);
    return staffAccountList(db, ctx.store.id);
  });
  route("staffResetPassword", async ({ ctx, body, account }) =>
    resetStaffPassword(db, ctx, account, body.staffId),
  );
  route("staffInvitation", async ({ ctx, body }) =>
    staffInvitation(db, ctx.store, ctx.locale, body.token, ctx.caller.ip),
  );
  route("staffAcceptInvitation", async ({ ctx, body }) =>
    acceptStaffInvitation(db, ctx.store, body.token, body.password, ctx.caller.ip),
  );
  route("staffAudit", async ({ ctx, body, query }) =>
    auditEntries(db, ctx.store.id, await shopTimezone(db, ctx.store.id), body, query),
  );
  route("staffContactMessages", async ({ ctx, body, query }) =>
    staffContactMessages(db, ctx.store.id, body, query),
  );
  route("staffContactUnread", async ({ ctx }) => ({ unread: await unreadCount(db, ctx.store.id) }));
  route("staffMarkContactMessage", async ({ ctx, body }) =>
    markContactMessage(db, ctx.store.id, body.id, body.mark),
  );
  route("staffNewsletterList", async ({ ctx, body, query }) =>
    newsletterSubscribers(db, ctx.store.id, body.q, query),
  );
  route("staffNewsletterRemove", async ({ ctx, body, account }) =>
    db.transaction(async (tx) => {
      const answer = await removeSubscriber(tx, ctx.store.id, body.email, ctx.locale);
      // Personal data leaving the shop's list: who took it off is kept.
      await recordChange(tx, {
        storeId: ctx.store.id,
        staffId: account.member.id,
        action: "newsletter.remove",
        subject: `subscriber:${body.email}`,
      });
      return answer;
    }),
  );
  route("staffToday", async ({ ctx }) => staffToday(db, ctx.store, ctx.locale));
  route("staffSalesReport", async ({ ctx, body }) => staffSalesReport(db, ctx.store, ctx.locale, body));
  route("staffShopSettings", async ({ ctx }) => currentShopSettings(db, ctx.store.id));
  route("staffUpdateShopSettings", async ({ ctx, body, account }) =>
    db.transaction(async (tx) => {
      const { before, after } = await updateShopSettings(tx, ctx.store.id, body);
      await recordChange(tx, {
        storeId: ctx.store.id,
        staffId: account.member.id,
        action: "settings.shop",
        subject: "store",
        before: before.settings,
        after: after.settings,
      });
      return after;
    }),
  );
  route("staffUpdateRefundLimit", async ({ ctx, body, account }) =>
    db.transaction(async (tx) => {
      const { before, after } = await setStaffRefundLimit(tx, ctx.store.id, body.staffRefundLimit);
      await recordChange(tx, {
        storeId: ctx.store.id,
        staffId: account.member.id,
        action: "settings.refundLimit",
        subject: "store",
        before: before.staffRefundLimit,
        after: after.staffRefundLimit,
      });
      return after;
    }),
  );
  route("staffCouponList", async ({ ctx, body, query }) => staffCouponList(db, ctx.store, body, query));
  route("staffCouponDetail", async ({ ctx, body, query }) =>
    staffCouponDetail(db, ctx.store, body.couponId, query),
  );
  route("staffCouponCreate", async ({ ctx, body, account }) =>
    createStaffCoupon(db, ctx.store, account.member.id, body),
  );
  route("staffCouponUpdate", async ({ ctx, body, account }) =>
    updateStaffCoupon(db, ctx.store, account.member.id, body),
  );
  route("staffProductList", async ({ ctx, body, query }) =>
    staffProductList(db, ctx.store, ctx.locale, body, query),
  );
  route("staffProductChoices", async ({ ctx }) =>
    staffProductChoices(db, ctx.store, ctx.locale, downloadFiles),
  );
  route("staffProductDetail", async ({ ctx, body }) =>
    staffProductDetail(db, ctx.store, ctx.locale, downloadFiles, body.productId),
  );
  route("staffProductCreate", async ({ ctx, body, account }) =>
    createStaffProduct(db, ctx.store, account.member.id, downloadFiles, body),
  );
  route("staffProductUpdate", async ({ ctx, body, account }) =>
    updateStaffProduct(db, ctx.store, account.member.id, downloadFiles, body),
  );
  route("staffProductVariationsUpdate", async ({ ctx, body, account }) =>
    updateStaffProductVariations(db, ctx.store, account.member.id, body),
  );
  const byMember = (ctx: { store: StoreRow }, account: StaffAccount) => ({
    shop: ctx.store,
    staffId: account.member.id,
  });
  route("staffCustomerList", async ({ ctx, body, query }) =>
    staffCustomerList(db, ctx.store.id, body, query),
  );
  route("staffCustomerDetail", async ({ ctx, body }) =>
    customersStaff.staffCustomerDetail(db, ctx.store, body.customerId),
  );
  route("staffCustomerWallet", async ({ ctx, body, account }) =>
    customersStaff.adjustCustomerWallet(db, byMember(ctx, account), body),
  );
  route("staffCustomerBlock", async ({ ctx, body, account }) =>
    customersStaff.blockCustomer(db, byMember(ctx, account), body.customerId, body.blocked),
  );
  route("staffCustomerExport", async ({ ctx, body, account }) =>
    customersStaff.exportCustomerData(db, byMember(ctx, account), body.customerId),
  );
  route("staffCustomerErase", async ({ ctx, body, account }) =>
    customersStaff.eraseCustomer(db, byMember(ctx, account), body.customerId, body.confirm),
  );
  const adjuster = (ctx: { store: StoreRow; locale: Locale }, account: StaffAccount) => ({
    storeId: ctx.store.id,
    staffId: account.member.id,
    locale: ctx.locale,
  });
  route("staffStockList", async ({ ctx, body, query }) =>
    staffStockList(db, ctx.store.id, ctx.locale, body, query),
  );
  route("staffStockProduct", async ({ ctx, body, query }) =>
    stockProduct(db, ctx.store.id, body.productId, ctx.locale, query),
  );
  route("staffProductExport", async ({ ctx, query }) => productExportPage(db, ctx.store.id, query));
  route("staffProductImportDryRun", async ({ ctx, body }) =>
    productImportDryRun(db, ctx.store.id, ctx.locale, body.csv),
  );
  route("staffProductImportApply", async ({ ctx, body, account }) =>
    productImportApply(db, adjuster(ctx, account), body.csv, body.fingerprint),
  );
  route("staffStockAdjust", async ({ ctx, body, account }) => adjustStock(db, adjuster(ctx, account), body));
  route("staffStockThreshold", async ({ ctx, body, account }) =>
    setStockThreshold(db, adjuster(ctx, account), body),
  );
}
