import type { z } from "zod";
import {
  changePasswordBodySchema,
  clientLogBodySchema,
  emailCaptchaBodySchema,
  emailLoginBodySchema,
  emailRegisterBodySchema,
  emailRetrieveBodySchema,
  forgotResetBodySchema,
  forgotSendBodySchema,
  forgotVerifyBodySchema,
  guestLoginBodySchema,
  mailboxMessageSchema,
  mailboxQuerySchema,
  messageSchema,
  phoneCaptchaBodySchema,
  phoneLoginBodySchema,
  phonePasswordLoginBodySchema,
  phoneRegisterBodySchema,
  phoneRetrieveBodySchema,
  sessionSchema,
  shippingInfoSchema,
  updateShippingInfoBodySchema,
  updateUserBodySchema,
  userIdParamSchema,
  userSchema,
  verifyEmailBodySchema,
} from "./account.ts";
import {
  categorySearchBodySchema,
  categoryTreeSchema,
  collectionPageSchema,
  collectionSearchBodySchema,
  collectionSearchQuerySchema,
  hotProductsBodySchema,
  productIdParamSchema,
  productInfoSchema,
  productSearchBodySchema,
  productSearchQuerySchema,
  productSearchResultSchema,
  productTagListSchema,
  recommendProductsBodySchema,
  storeImageListSchema,
  storeImageSearchBodySchema,
  tagSearchBodySchema,
} from "./catalogue.ts";
import { storeByDomainSchema } from "./store.ts";
import {
  wishlistAddBodySchema,
  wishlistDeleteQuerySchema,
  wishlistDeleteResultSchema,
  wishlistPageSchema,
  wishlistQuerySchema,
  wishlistRecordSchema,
} from "./wishlist.ts";

const emailCaptcha = (purpose: string) =>
  ({
    method: "post",
    path: `/api/auth/getEmailCaptcha/${purpose}`,
    summary: `Email a 6-digit code for ${purpose}; the answer is the same whether or not an account exists`,
    tag: "Account",
    body: emailCaptchaBodySchema,
    data: messageSchema,
  }) as const;

const phoneCaptcha = (purpose: string, auth = false) =>
  ({
    method: "post",
    path: `/api/auth/getPhoneCaptcha/${purpose}`,
    summary: `Text a 6-digit code for ${purpose}`,
    tag: "Account",
    auth,
    body: phoneCaptchaBodySchema,
    data: messageSchema,
  }) as const;

/**
 * Every call of the store API this contract knows: method, exact path of spec §7, and the schemas of
 * its params, query, body and response `data`. The API validates with these, the client is typed by
 * them and the OpenAPI document is generated from them.
 */
export type EndpointDefinition = {
  method: "get" | "post" | "put" | "delete";
  path: string;
  summary: string;
  tag: string;
  /** true when the call needs a signed-in caller. */
  auth?: boolean;
  /**
   * A customer whose email is not verified yet may make this call. Every other `auth` call answers
   * them 409 (spec §6: such a customer sees only the email-not-verified page, which offers a resend
   * and a logout).
   */
  unverifiedMayCall?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  data: z.ZodType;
};

export const endpoints = {
  storeGetByDomain: {
    method: "get",
    path: "/api/store/getByDomain",
    summary: "The store of the store-domain header with its settings, shop settings and global settings",
    tag: "Store",
    data: storeByDomainSchema,
  },
  categorySearch: {
    method: "post",
    path: "/api/storeProductCategory/search",
    summary: "Categories of the store as a tree; only categories with isShow",
    tag: "Catalogue",
    body: categorySearchBodySchema,
    data: categoryTreeSchema,
  },
  productSearch: {
    method: "post",
    path: "/api/storeProduct/search",
    summary: "Products matching the filter, paginated (limit default 30)",
    tag: "Catalogue",
    query: productSearchQuerySchema,
    body: productSearchBodySchema,
    data: productSearchResultSchema,
  },
  productInfo: {
    method: "get",
    path: "/api/storeProduct/productInfo/{id}",
    summary: "One product with its description, images and categories",
    tag: "Catalogue",
    params: productIdParamSchema,
    data: productInfoSchema,
  },
  productHot: {
    method: "post",
    path: "/api/storeProduct/hot",
    summary: "Best sellers, by sales volume descending",
    tag: "Catalogue",
    query: productSearchQuerySchema,
    body: hotProductsBodySchema,
    data: productSearchResultSchema,
  },
  productRecommend: {
    method: "post",
    path: "/api/storeProduct/recommend",
    summary:
      "Products to recommend: beside a product (same categories) or, without one, the best-selling deals",
    tag: "Catalogue",
    query: productSearchQuerySchema,
    body: recommendProductsBodySchema,
    data: productSearchResultSchema,
  },
  tagSearch: {
    method: "post",
    path: "/api/storeProductTag/search",
    summary: "The store's product tags with how many available products carry each",
    tag: "Catalogue",
    body: tagSearchBodySchema,
    data: productTagListSchema,
  },
  collectionSearch: {
    method: "post",
    path: "/api/storeCollections/search",
    summary: "Curated collections of the store, each with its first products (limit default 8)",
    tag: "Catalogue",
    query: collectionSearchQuerySchema,
    body: collectionSearchBodySchema,
    data: collectionPageSchema,
  },
  storeImageSearch: {
    method: "post",
    path: "/api/storeImage/search",
    summary: "Home banners or in-store flyer pages of the store, in display order",
    tag: "Catalogue",
    body: storeImageSearchBodySchema,
    data: storeImageListSchema,
  },
  currentUser: {
    method: "get",
    path: "/api/auth/getUserInfoFromToken",
    summary: "The signed-in user; code 104 for an invalid session, HTTP 409 for an unverified email",
    tag: "Account",
    auth: true,
    data: userSchema,
  },
  emailLogin: {
    method: "post",
    path: "/api/auth/login/store-customer/email",
    summary: "Sign in with email and password",
    tag: "Account",
    body: emailLoginBodySchema,
    data: sessionSchema,
  },
  emailRegister: {
    method: "post",
    path: "/api/auth/register/store-customer/email",
    summary: "Register with email and password; a verification email follows",
    tag: "Account",
    body: emailRegisterBodySchema,
    data: sessionSchema,
  },
  emailRetrievePassword: {
    method: "post",
    path: "/api/auth/retrieve/store-customer/password/email",
    summary: "Set a new password with the code emailed for retrievePwd; every session ends",
    tag: "Account",
    body: emailRetrieveBodySchema,
    data: messageSchema,
  },
  phoneLogin: {
    method: "post",
    path: "/api/auth/login/store-customer/phone",
    summary: "Sign in (or sign up) with a phone number and the code texted for login",
    tag: "Account",
    body: phoneLoginBodySchema,
    data: sessionSchema,
  },
  phonePasswordLogin: {
    method: "post",
    path: "/api/auth/login/store-customer/phone/password",
    summary: "Sign in with a phone number and password",
    tag: "Account",
    body: phonePasswordLoginBodySchema,
    data: sessionSchema,
  },
  phoneRegister: {
    method: "post",
    path: "/api/auth/register/store-customer/phone",
    summary: "Register with a phone number, the code texted for register and a password",
    tag: "Account",
    body: phoneRegisterBodySchema,
    data: sessionSchema,
  },
  phoneRetrievePassword: {
    method: "post",
    path: "/api/auth/retrieve/store-customer/password/phone",
    summary: "Set a new password with the code texted for retrievePwd; every session ends",
    tag: "Account",
    body: phoneRetrieveBodySchema,
    data: messageSchema,
  },
  guestLogin: {
    method: "post",
    path: "/api/auth/login/session",
    summary: "A guest session, when the shop allows guest checkout",
    tag: "Account",
    body: guestLoginBodySchema,
    data: sessionSchema,
  },
  emailCaptchaRegister: emailCaptcha("register"),
  emailCaptchaRetrievePwd: emailCaptcha("retrievePwd"),
  emailCaptchaEditEmail: { ...emailCaptcha("editEmail"), auth: true },
  phoneCaptchaLogin: phoneCaptcha("login"),
  phoneCaptchaRegister: phoneCaptcha("register"),
  phoneCaptchaRetrievePwd: phoneCaptcha("retrievePwd"),
  phoneCaptchaEditPhone: phoneCaptcha("editPhone", true),
  phoneCaptchaBindPhone: phoneCaptcha("bindPhone", true),
  logout: {
    method: "post",
    path: "/logout",
    summary: "End the current session",
    tag: "Account",
    auth: true,
    unverifiedMayCall: true,
    data: messageSchema,
  },
  updateUser: {
    method: "put",
    path: "/users/{id}",
    summary: "Change names; change email or phone with the code sent to the new one",
    tag: "Account",
    auth: true,
    params: userIdParamSchema,
    body: updateUserBodySchema,
    data: userSchema,
  },
  changePassword: {
    method: "post",
    path: "/api/auth/changePassword",
    summary: "Change the password; every other session ends",
    tag: "Account",
    auth: true,
    body: changePasswordBodySchema,
    data: messageSchema,
  },
  forgotPasswordSend: {
    method: "post",
    path: "/api/auth/forgotPassword/sendEmail",
    summary: "Forgot-password step 1: email a token; same answer whether or not the account exists",
    tag: "Account",
    body: forgotSendBodySchema,
    data: messageSchema,
  },
  forgotPasswordVerify: {
    method: "post",
    path: "/api/auth/forgotPassword/verifyToken",
    summary: "Forgot-password step 2: check the token with the email",
    tag: "Account",
    body: forgotVerifyBodySchema,
    data: messageSchema,
  },
  forgotPasswordReset: {
    method: "post",
    path: "/api/auth/forgotPassword/reset",
    summary: "Forgot-password step 3: new password with token and email; every session ends",
    tag: "Account",
    body: forgotResetBodySchema,
    data: messageSchema,
  },
  resendVerificationEmail: {
    method: "post",
    path: "/api/auth/email/resendVerification",
    summary: "Send the email verification link again",
    tag: "Account",
    auth: true,
    unverifiedMayCall: true,
    data: messageSchema,
  },
  verifyEmail: {
    method: "post",
    path: "/api/auth/email/verify",
    summary: "Verify an email address with the token of the emailed link",
    tag: "Account",
    body: verifyEmailBodySchema,
    data: messageSchema,
  },
  shippingInfo: {
    method: "get",
    path: "/user/shippingInfo",
    summary: "Billing and shipping address of the signed-in user",
    tag: "Account",
    auth: true,
    data: shippingInfoSchema,
  },
  updateShippingInfo: {
    method: "post",
    path: "/user/update/shippingInfo",
    summary: "Save the billing and/or shipping address",
    tag: "Account",
    auth: true,
    body: updateShippingInfoBodySchema,
    data: shippingInfoSchema,
  },
  clientLog: {
    method: "post",
    path: "/api/auth/log",
    summary: "A log line from the storefront (size-capped, throttled)",
    tag: "Account",
    body: clientLogBodySchema,
    data: messageSchema,
  },
  wishlistList: {
    method: "get",
    path: "/api/wishlist",
    summary: "The signed-in customer's wishlist, newest first (the storefront asks for 300)",
    tag: "Wishlist",
    auth: true,
    query: wishlistQuerySchema,
    data: wishlistPageSchema,
  },
  wishlistAdd: {
    method: "post",
    path: "/api/wishlist",
    summary: "Add a product; adding it again answers the existing record",
    tag: "Wishlist",
    auth: true,
    body: wishlistAddBodySchema,
    data: wishlistRecordSchema,
  },
  wishlistRemove: {
    method: "delete",
    path: "/api/wishlist",
    summary: "Remove records of the caller's wishlist by id",
    tag: "Wishlist",
    auth: true,
    query: wishlistDeleteQuerySchema,
    data: wishlistDeleteResultSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

/** Not a store call: developers and tests read sent messages here; switched off in production. */
export const devMailbox = {
  path: "/dev/mailbox",
  query: mailboxQuerySchema,
  data: mailboxMessageSchema.array(),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type InferIn<T> = T extends z.ZodType ? z.input<T> : never;
type Part<E, K extends string> =
  E extends Record<K, z.ZodType> ? { [P in K]: InferIn<E[K]> } : { [P in K]?: never };

/** What a caller passes to an endpoint: only the parts it declares. */
export type EndpointInput<N extends EndpointName> = Part<Endpoints[N], "params"> &
  Part<Endpoints[N], "query"> &
  Part<Endpoints[N], "body">;

export type EndpointData<N extends EndpointName> = z.output<Endpoints[N]["data"]>;

/** `/api/storeProduct/productInfo/{id}` → `/api/storeProduct/productInfo/:id` for routers. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? "")));
}
