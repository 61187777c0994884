import type { EmailCaptchaPurpose, ErrorName, PhoneCaptchaPurpose, Session } from "@stoa/contract";
import { ERRORS, messageText } from "@stoa/contract";
import {
  type CustomerChanges,
  createCustomer,
  customerByEmail,
  customerById,
  customerByPhone,
  isUniqueViolation,
  toUser,
  updateCustomer,
  verifiedOwnerOfEmail,
} from "../customers/service.ts";
import type { CustomerRow } from "../customers/tables.ts";
import { enqueueMessage } from "../notifications/outbox.ts";
import type { Database } from "../platform/db/database.ts";
import type { RequestContext } from "../platform/http/context.ts";
import { ApiError } from "../platform/http/errors.ts";
import { giveReferralCodeAtSignIn } from "../referrals/codes.ts";
import type { StoreRow } from "../stores/tables.ts";
import { checkCode, consumeLinkToken, issueCode } from "./codes.ts";
import { checkPassword, hashPassword } from "./passwords.ts";
import { type Account, openSession, revokeAllSessions, revokeSession } from "./sessions.ts";
import { giveBack, guardedSignIn, THROTTLES, throttle } from "./throttle.ts";

const phoneTarget = (countryCode: string, phone: string) => `${countryCode}:${phone}`;
const phoneRecipient = (countryCode: string, phone: string) => `+${countryCode}${phone}`;

/** A shop that opens accounts itself (isAdminRegister) takes no sign-ups from the storefront. */
function assertOpenForSignUp(store: StoreRow): void {
  if (store.isAdminRegister) throw new ApiError("REGISTRATION_CLOSED");
}

async function sessionFor(
  db: Database,
  customer: CustomerRow,
  kind: "customer" | "guest" = "customer",
  store?: StoreRow,
): Promise<Session> {
  // A customer the shop blocked is told so, and gets no session (decision 060).
  if (customer.blockedAt || customer.erasedAt) throw new ApiError("CUSTOMER_BLOCKED");
  // A signed-in customer of a shop with referrals on gets a code to share (spec §4): one insert
  // that does nothing when there is one; the store row said whether, so a shop without referrals
  // pays nothing. A guest has no account page to share from, so none.
  const [token, user] = await Promise.all([
    openSession(db, customer, kind),
    toUser(db, customer),
    store?.referralsOn && kind === "customer"
      ? giveReferralCodeAtSignIn(db, customer.storeId, customer.id)
      : undefined,
  ]);
  return { token, user };
}

async function sendVerificationLink(db: Database, ctx: RequestContext, customer: CustomerRow, email: string) {
  const token = await issueCode(
    db,
    { storeId: ctx.store.id, purpose: "verifyEmail", target: `${customer.id}:${email}` },
    "link",
  );
  const link = `${ctx.storefrontOrigin}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueMessage(db, ctx.store, "email", email, { kind: "verifyEmail", link }, ctx.locale);
}

/**
 * Checks a password against the account `find` answers. Every attempt counts against the caller's
 * address; only failures count against the account-and-address pair, so a stranger's wrong guesses
 * never lock the owner out (docs/decisions/014-throttling-and-proxies.md). An unknown account fails
 * exactly like a wrong password, after the same work.
 */
async function passwordSignIn(
  db: Database,
  ctx: RequestContext,
  account: string,
  password: string,
  find: () => Promise<CustomerRow | null>,
  refusal: { kind: ErrorName; fieldErrors?: Record<string, string> } = { kind: "INVALID_CREDENTIALS" },
): Promise<CustomerRow> {
  await throttle(db, `login:ip:${ctx.caller.ip}`, THROTTLES.loginPerIp);
  const customer = await guardedSignIn(db, `login:${ctx.store.id}:${account}`, ctx.caller.ip, async () => {
    const found = await find();
    // An unknown account is checked against a dummy hash: refused after the same work.
    return (await checkPassword(found?.passwordHash, password)) && found ? found : null;
  });
  if (!customer) throw new ApiError(refusal.kind, refusal.fieldErrors);
  await giveBack(db, `login:ip:${ctx.caller.ip}`);
  return customer;
}

// ── Email ─────────────────────────────────────────────────────────────────

export async function loginWithEmail(
  db: Database,
  ctx: RequestContext,
  email: string,
  password: string,
): Promise<Session> {
  const customer = await passwordSignIn(db, ctx, `email:${email}`, password, () =>
    customerByEmail(db, ctx.store.id, email),
  );
  return sessionFor(db, customer, "customer", ctx.store);
}

/**
 * Registers by email. The answer is the same whether or not the address already has an account: a
 * session for a new, unverified registration. The real owner gets an "already registered" email
 * instead of a verification link, so that registration can never be verified or reach their data.
 * A register code (getEmailCaptcha/register) proves the address and verifies it at once.
 */
export async function registerWithEmail(
  db: Database,
  ctx: RequestContext,
  input: { email: string; password: string; firstName: string; lastName: string; captcha?: string },
): Promise<Session> {
  assertOpenForSignUp(ctx.store);
  await throttle(db, `register:ip:${ctx.caller.ip}`, THROTTLES.registerPerIp);
  // Each registration emails the address: a mailbox is not flooded however many addresses ask.
  await throttle(db, `register:target:${ctx.store.id}:${input.email}`, THROTTLES.registerPerTarget);
  if (input.captcha)
    await checkCode(
      db,
      { storeId: ctx.store.id, purpose: "register", target: input.email },
      input.captcha,
      true,
      ctx.caller.ip,
    );
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const owner = await verifiedOwnerOfEmail(tx, ctx.store.id, input.email);
    if (owner && input.captcha) throw new ApiError("EMAIL_TAKEN");
    const customer = await createCustomer(tx, {
      storeId: ctx.store.id,
      kind: "customer",
      email: input.email,
      emailVerifiedAt: input.captcha ? new Date() : null,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      locale: ctx.locale,
    });
    if (owner) {
      const signInLink = `${ctx.storefrontOrigin}/?login=1`;
      await enqueueMessage(
        tx,
        ctx.store,
        "email",
        input.email,
        { kind: "alreadyRegistered", signInLink },
        ctx.locale,
      );
    } else if (!input.captcha) {
      await sendVerificationLink(tx, ctx, customer, input.email);
    }
    return sessionFor(tx, customer, "customer", ctx.store);
  });
}

/**
 * Emails a code. Same answer, and the same work, whether or not an account exists: an unknown
 * address asking to reset a password gets a "no account here" email instead of a code.
 */
export async function sendEmailCode(
  db: Database,
  ctx: RequestContext,
  purpose: EmailCaptchaPurpose,
  email: string,
  account: Account | null,
): Promise<{ message: string }> {
  if (purpose === "editEmail" && !account) throw new ApiError("UNAUTHORIZED");
  if (purpose === "register") assertOpenForSignUp(ctx.store);
  await throttle(db, `code:ip:${ctx.caller.ip}`, THROTTLES.codePerIp);
  await db.transaction(async (tx) => {
    const code = await issueCode(tx, { storeId: ctx.store.id, purpose, target: email });
    const known = purpose !== "retrievePwd" || (await customerByEmail(tx, ctx.store.id, email)) !== null;
    await enqueueMessage(
      tx,
      ctx.store,
      "email",
      email,
      known ? { kind: "code", purpose, code } : { kind: "noAccount" },
      ctx.locale,
    );
  });
  return { message: messageText("code-sent", ctx.locale) };
}

/** Step 2 of the forgot-password wizard: the token is checked (and costs an attempt if wrong), not used. */
export async function checkResetToken(db: Database, ctx: RequestContext, email: string, token: string) {
  await throttle(db, `verify:ip:${ctx.caller.ip}`, THROTTLES.verifyPerIp);
  if (!/^\d{6}$/.test(token)) throw new ApiError("INVALID_CODE", { token: "error-code-format" });
  await checkCode(
    db,
    { storeId: ctx.store.id, purpose: "retrievePwd", target: email },
    token,
    false,
    ctx.caller.ip,
  );
  return { message: messageText("token-verified", ctx.locale) };
}

async function setNewPassword(db: Database, customer: CustomerRow, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await updateCustomer(tx, customer, { passwordHash });
    await revokeAllSessions(tx, customer);
  });
}

/** Resets a password with the emailed code; every session of the account ends. */
export async function resetPasswordWithEmail(
  db: Database,
  ctx: RequestContext,
  email: string,
  code: string,
  password: string,
) {
  await throttle(db, `verify:ip:${ctx.caller.ip}`, THROTTLES.verifyPerIp);
  await checkCode(
    db,
    { storeId: ctx.store.id, purpose: "retrievePwd", target: email },
    code,
    true,
    ctx.caller.ip,
  );
  const customer = await customerByEmail(db, ctx.store.id, email);
  if (!customer) throw new ApiError("INVALID_CODE");
  await setNewPassword(db, customer, password);
  return { message: messageText("password-successful", ctx.locale) };
}

export async function resendVerification(db: Database, ctx: RequestContext, { customer }: Account) {
  await throttle(db, `code:ip:${ctx.caller.ip}`, THROTTLES.codePerIp);
  if (!customer.email) throw new ApiError("UNPROCESSABLE");
  if (customer.emailVerifiedAt) return { message: messageText("email-already-verified", ctx.locale) };
  await db.transaction(async (tx) => {
    const owner = await verifiedOwnerOfEmail(tx, ctx.store.id, customer.email as string);
    if (owner) {
      const signInLink = `${ctx.storefrontOrigin}/?login=1`;
      await enqueueMessage(
        tx,
        ctx.store,
        "email",
        customer.email as string,
        { kind: "alreadyRegistered", signInLink },
        ctx.locale,
      );
    } else {
      await sendVerificationLink(tx, ctx, customer, customer.email as string);
    }
  });
  return { message: messageText("verification-email-sent", ctx.locale) };
}

/** Opens the emailed link: the address becomes the account's verified email. */
export async function verifyEmail(db: Database, ctx: RequestContext, token: string) {
  await throttle(db, `verify:ip:${ctx.caller.ip}`, THROTTLES.verifyPerIp);
  const target = await consumeLinkToken(db, ctx.store.id, "verifyEmail", token);
  const separator = target.indexOf(":");
  const customerId = Number(target.slice(0, separator));
  const email = target.slice(separator + 1);
  const customer = await customerById(db, ctx.store.id, customerId);
  if (!customer || customer.email !== email) throw new ApiError("CODE_EXPIRED");
  try {
    await updateCustomer(db, customer, { emailVerifiedAt: new Date() });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("EMAIL_TAKEN");
    throw error;
  }
  return { message: messageText("email-verified", ctx.locale) };
}

// ── Phone ─────────────────────────────────────────────────────────────────

export async function sendPhoneCode(
  db: Database,
  ctx: RequestContext,
  purpose: PhoneCaptchaPurpose,
  countryCode: string,
  phone: string,
  account: Account | null,
) {
  if ((purpose === "editPhone" || purpose === "bindPhone") && !account) throw new ApiError("UNAUTHORIZED");
  if (purpose === "register") assertOpenForSignUp(ctx.store);
  await throttle(db, `code:ip:${ctx.caller.ip}`, THROTTLES.codePerIp);
  await db.transaction(async (tx) => {
    const code = await issueCode(tx, {
      storeId: ctx.store.id,
      purpose,
      target: phoneTarget(countryCode, phone),
    });
    await enqueueMessage(
      tx,
      ctx.store,
      "sms",
      phoneRecipient(countryCode, phone),
      { kind: "code", purpose, code },
      ctx.locale,
    );
  });
  return { message: messageText("code-sent", ctx.locale) };
}

/** Signs in with a texted code; a number seen for the first time becomes a new account. */
export async function loginWithPhoneCode(
  db: Database,
  ctx: RequestContext,
  countryCode: string,
  phone: string,
  code: string,
) {
  await throttle(db, `login:ip:${ctx.caller.ip}`, THROTTLES.loginPerIp);
  await checkCode(
    db,
    { storeId: ctx.store.id, purpose: "login", target: phoneTarget(countryCode, phone) },
    code,
    true,
    ctx.caller.ip,
  );
  await giveBack(db, `login:ip:${ctx.caller.ip}`);
  const existing = await customerByPhone(db, ctx.store.id, countryCode, phone);
  if (!existing) assertOpenForSignUp(ctx.store);
  const customer =
    existing ??
    (await createCustomer(db, {
      storeId: ctx.store.id,
      kind: "customer",
      countryCode,
      phone,
      phoneVerifiedAt: new Date(),
      locale: ctx.locale,
    }));
  return sessionFor(db, customer, "customer", ctx.store);
}

export async function loginWithPhonePassword(
  db: Database,
  ctx: RequestContext,
  countryCode: string,
  phone: string,
  password: string,
) {
  const customer = await passwordSignIn(db, ctx, `phone:${phoneTarget(countryCode, phone)}`, password, () =>
    customerByPhone(db, ctx.store.id, countryCode, phone),
  );
  return sessionFor(db, customer, "customer", ctx.store);
}

export async function registerWithPhone(
  db: Database,
  ctx: RequestContext,
  input: {
    countryCode: string;
    phone: string;
    captcha: string;
    password: string;
    firstName: string;
    lastName: string;
  },
) {
  assertOpenForSignUp(ctx.store);
  await throttle(db, `register:ip:${ctx.caller.ip}`, THROTTLES.registerPerIp);
  await checkCode(
    db,
    { storeId: ctx.store.id, purpose: "register", target: phoneTarget(input.countryCode, input.phone) },
    input.captcha,
    true,
    ctx.caller.ip,
  );
  // The code proves the number, so telling its owner that it is taken reveals nothing.
  if (await customerByPhone(db, ctx.store.id, input.countryCode, input.phone))
    throw new ApiError("PHONE_TAKEN");
  const customer = await createCustomer(db, {
    storeId: ctx.store.id,
    kind: "customer",
    countryCode: input.countryCode,
    phone: input.phone,
    phoneVerifiedAt: new Date(),
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: await hashPassword(input.password),
    locale: ctx.locale,
  });
  return sessionFor(db, customer, "customer", ctx.store);
}

export async function resetPasswordWithPhone(
  db: Database,
  ctx: RequestContext,
  input: { countryCode: string; phone: string; captcha: string; password: string },
) {
  await throttle(db, `verify:ip:${ctx.caller.ip}`, THROTTLES.verifyPerIp);
  await checkCode(
    db,
    { storeId: ctx.store.id, purpose: "retrievePwd", target: phoneTarget(input.countryCode, input.phone) },
    input.captcha,
    true,
    ctx.caller.ip,
  );
  const customer = await customerByPhone(db, ctx.store.id, input.countryCode, input.phone);
  if (!customer) throw new ApiError("INVALID_CODE");
  await setNewPassword(db, customer, input.password);
  return { message: messageText("password-successful", ctx.locale) };
}

// ── Sessions and profile ──────────────────────────────────────────────────

export async function loginAsGuest(db: Database, ctx: RequestContext, store: StoreRow): Promise<Session> {
  if (!store.guestCheckout) throw new ApiError("FORBIDDEN");
  await throttle(db, `guest:ip:${ctx.caller.ip}`, THROTTLES.guestPerIp);
  const guest = await createCustomer(db, { storeId: store.id, kind: "guest", locale: ctx.locale });
  return sessionFor(db, guest, "guest");
}

/** The current user; an unverified email has already stopped at authentication with 409 (spec §4). */
export function currentUser(db: Database, { customer }: Account) {
  return toUser(db, customer);
}

export async function logout(db: Database, ctx: RequestContext, { session }: Account) {
  await revokeSession(db, session);
  return { message: messageText("signed-out", ctx.locale) };
}

export async function changePassword(
  db: Database,
  ctx: RequestContext,
  account: Account,
  oldPassword: string,
  newPassword: string,
) {
  await passwordSignIn(
    db,
    ctx,
    `customer:${account.customer.id}`,
    oldPassword,
    async () => account.customer,
    // Signed in already, only the password can be wrong: said so, on the current-password field.
    { kind: "WRONG_CURRENT_PASSWORD", fieldErrors: { oldPassword: ERRORS.WRONG_CURRENT_PASSWORD.key } },
  );
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await updateCustomer(tx, account.customer, { passwordHash });
    await revokeAllSessions(tx, account.customer, account.session);
  });
  return { message: messageText("password-successful", ctx.locale) };
}

export async function updateProfile(
  db: Database,
  ctx: RequestContext,
  account: Account,
  userId: number,
  input: {
    firstName?: string;
    lastName?: string;
    email?: string;
    emailCaptcha?: string;
    phone?: string;
    countryCode?: string;
    phoneCaptcha?: string;
  },
) {
  if (userId !== account.customer.id) throw new ApiError("FORBIDDEN");
  const changes: CustomerChanges = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.email !== undefined && input.emailCaptcha) {
    await checkCode(
      db,
      { storeId: ctx.store.id, purpose: "editEmail", target: input.email },
      input.emailCaptcha,
      true,
      ctx.caller.ip,
    );
    changes.email = input.email;
    changes.emailVerifiedAt = new Date();
  }
  if (input.phone !== undefined && input.countryCode && input.phoneCaptcha) {
    const target = phoneTarget(input.countryCode, input.phone);
    const purpose = account.customer.phone ? "editPhone" : "bindPhone";
    await checkCode(db, { storeId: ctx.store.id, purpose, target }, input.phoneCaptcha, true, ctx.caller.ip);
    changes.phone = input.phone;
    changes.countryCode = input.countryCode;
    changes.phoneVerifiedAt = new Date();
  }
  try {
    return await toUser(db, await updateCustomer(db, account.customer, changes));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(changes.email ? "EMAIL_TAKEN" : "PHONE_TAKEN");
    throw error;
  }
}
