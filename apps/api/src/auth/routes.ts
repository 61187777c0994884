import { messageText } from "@stoa/contract";
import type { Database } from "../platform/db/database.ts";
import type { Route } from "../platform/http/route.ts";
import type { Logger } from "../platform/logger.ts";
import * as auth from "./service.ts";
import { type Account, authenticate } from "./sessions.ts";
import { THROTTLES, throttle } from "./throttle.ts";

export function authRoutes(route: Route<Account>, db: Database, logger: Logger): void {
  route("currentUser", async ({ account }) => auth.currentUser(db, account));
  route("emailLogin", async ({ ctx, body }) => auth.loginWithEmail(db, ctx, body.userEmail, body.password));
  route("emailRegister", async ({ ctx, body }) => auth.registerWithEmail(db, ctx, body));
  route("emailRetrievePassword", async ({ ctx, body }) =>
    auth.resetPasswordWithEmail(db, ctx, body.email, body.captcha, body.password),
  );
  route("phoneLogin", async ({ ctx, body }) =>
    auth.loginWithPhoneCode(db, ctx, body.countryCode, body.phone, body.captcha),
  );
  route("phonePasswordLogin", async ({ ctx, body }) =>
    auth.loginWithPhonePassword(db, ctx, body.countryCode, body.phone, body.password),
  );
  route("phoneRegister", async ({ ctx, body }) => auth.registerWithPhone(db, ctx, body));
  route("phoneRetrievePassword", async ({ ctx, body }) => auth.resetPasswordWithPhone(db, ctx, body));
  route("guestLogin", async ({ ctx }) => auth.loginAsGuest(db, ctx, ctx.store));

  route("emailCaptchaRegister", async ({ ctx, body }) =>
    auth.sendEmailCode(db, ctx, "register", body.email, null),
  );
  route("emailCaptchaRetrievePwd", async ({ ctx, body }) =>
    auth.sendEmailCode(db, ctx, "retrievePwd", body.email, null),
  );
  route("emailCaptchaEditEmail", async ({ ctx, body, account }) =>
    auth.sendEmailCode(db, ctx, "editEmail", body.email, account),
  );
  route("phoneCaptchaLogin", async ({ ctx, body }) =>
    auth.sendPhoneCode(db, ctx, "login", body.countryCode, body.phone, null),
  );
  route("phoneCaptchaRegister", async ({ ctx, body }) =>
    auth.sendPhoneCode(db, ctx, "register", body.countryCode, body.phone, null),
  );
  route("phoneCaptchaRetrievePwd", async ({ ctx, body }) =>
    auth.sendPhoneCode(db, ctx, "retrievePwd", body.countryCode, body.phone, null),
  );
  route("phoneCaptchaEditPhone", async ({ ctx, body, account }) =>
    auth.sendPhoneCode(db, ctx, "editPhone", body.countryCode, body.phone, account),
  );
  route("phoneCaptchaBindPhone", async ({ ctx, body, account }) =>
    auth.sendPhoneCode(db, ctx, "bindPhone", body.countryCode, body.phone, account),
  );

  route("forgotPasswordSend", async ({ ctx, body }) =>
    auth.sendEmailCode(db, ctx, "retrievePwd", body.email, null),
  );
  route("forgotPasswordVerify", async ({ ctx, body }) =>
    auth.checkResetToken(db, ctx, body.email, body.token),
  );
  route("forgotPasswordReset", async ({ ctx, body }) =>
    auth.resetPasswordWithEmail(db, ctx, body.email, body.token, body.password),
  );
  route("resendVerificationEmail", async ({ ctx, account }) => auth.resendVerification(db, ctx, account));
  route("verifyEmail", async ({ ctx, body }) => auth.verifyEmail(db, ctx, body.token));

  route("logout", async ({ ctx, account }) => auth.logout(db, ctx, account));
  route("changePassword", async ({ ctx, body, account }) =>
    auth.changePassword(db, ctx, account, body.oldPassword, body.newPassword),
  );
  route("updateUser", async ({ ctx, params, body, account }) =>
    auth.updateProfile(db, ctx, account, params.id, body),
  );

  route("clientLog", async ({ ctx, body }) => {
    await throttle(db, `log:ip:${ctx.caller.ip}`, THROTTLES.logPerIp);
    // A storefront log line is attributed to the customer when a valid token came with it.
    const customerId = ctx.caller.bearerToken
      ? await authenticate(db, ctx, { unverifiedMayCall: true }).then(
          (a) => a.customer.id,
          () => null,
        )
      : null;
    logger[body.level === "debug" ? "debug" : body.level](
      { source: "storefront", storeId: ctx.store.id, customerId, code: body.code },
      body.message,
    );
    return { message: messageText("log-received", ctx.locale) };
  });
}
