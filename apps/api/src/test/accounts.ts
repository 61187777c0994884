import { type CallOptions, call } from "./harness.ts";

let ipCounter = 0;
/** Every test acts from its own address, so per-address throttles of one test do not hit another. */
export function client(domain = "localhost") {
  ipCounter += 1;
  const ip = `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
  return (method: string, path: string, options: CallOptions = {}) =>
    call(method, path, { domain, ...options, headers: { "x-forwarded-for": ip, ...options.headers } });
}

let emailCounter = 0;
export const freshEmail = () => `shopper${++emailCounter}.${Date.now().toString(36)}@example.com`;

export async function inbox(to: string) {
  const { json } = await call("GET", "/dev/mailbox", { domain: null, query: { to } });
  return json.data as { subject: string; body: string; channel: string }[];
}
export const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)?.[1] as string;
export const linkTokenIn = (body: string) => /token=([\w-]+)/.exec(body)?.[1] as string;

export async function registerVerified(api = client(), password = "correct horse 1") {
  const email = freshEmail();
  const reg = await api("POST", "/api/auth/register/store-customer/email", {
    body: { email, password, firstName: "Dana", lastName: "Levi" },
  });
  const [mail] = await inbox(email);
  await api("POST", "/api/auth/email/verify", { body: { token: linkTokenIn(mail?.body ?? "") } });
  return {
    email,
    password,
    token: reg.json.data.token as string,
    userId: reg.json.data.user.userId as number,
  };
}

let phoneCounter = 0;
/** A national number no other test uses. */
export const freshPhone = () => `5${String(Date.now()).slice(-6)}${String(++phoneCounter).padStart(2, "0")}`;
