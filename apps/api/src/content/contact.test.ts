import { CONTACT_LIMITS, contactMessageResultSchema } from "@stoa/contract";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { THROTTLES } from "../auth/throttle.ts";
import { outbox } from "../notifications/tables.ts";
import { client, registerVerified } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";
import { plansOf } from "../test/query-plans.ts";
import { insertTestStore } from "../test/shops.ts";
import { contactMessages } from "./tables.ts";

// The demo grocery (localhost, store 41) has a staff account to notify (staff@stoa.test); a shop of
// this file's own has none.

const DEMO_STAFF_EMAIL = "staff@stoa.test";
const quietShop = `quiet-${process.pid}-${Date.now().toString(36)}.test`;
let quietShopId = 0;

beforeAll(async () => {
  const { handle } = await testHarness();
  quietShopId = (await insertTestStore(handle.db, { domain: quietShop, vertical: "catering", name: "Quiet" }))
    .id;
});

let messageCounter = 0;
/** A message no other test sends, told apart by its sender's address. */
const message = (extra: Record<string, unknown> = {}) => ({
  name: "Dana Levi",
  email: `writer${++messageCounter}.${Date.now().toString(36)}@example.com`,
  message: "Do you deliver on Saturdays?",
  ...extra,
});

async function storedMessage(id: number) {
  const { handle } = await testHarness();
  const rows = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  expect(rows).toHaveLength(1);
  return rows[0] as typeof contactMessages.$inferSelect;
}

async function emailsFor(storeId: number, replyTo: string) {
  const { handle } = await testHarness();
  return handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.storeId, storeId), eq(outbox.replyTo, replyTo)));
}

describe("POST /contact-us/create", () => {
  it("keeps the message in the shop and emails its staff, whose reply goes to the shopper", async () => {
    const sent = message({ phone: " +972 50-123  4567 ", subject: "Saturday delivery" });
    const { status, json } = await client()("POST", "/contact-us/create", { body: sent, locale: "ar" });
    expect(status).toBe(200);
    expect(json.code).toBe("0");
    const answer = contactMessageResultSchema.parse(json.data);
    expect(Math.abs(Date.parse(answer.receivedAt) - Date.now())).toBeLessThan(60_000);

    const row = await storedMessage(answer.id);
    expect(row).toMatchObject({
      storeId: 41,
      customerId: null,
      name: "Dana Levi",
      email: sent.email,
      phone: "+972 50-123 4567",
      subject: "Saturday delivery",
      message: "Do you deliver on Saturdays?",
      locale: "ar",
    });
    expect(row.createdAt.toISOString()).toBe(answer.receivedAt);

    const emails = await emailsFor(41, sent.email);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email).toMatchObject({ channel: "email", recipient: DEMO_STAFF_EMAIL, status: "pending" });
    expect(email?.subject).toContain("Saturday delivery");
    expect(email?.body).toContain("Do you deliver on Saturdays?");
    expect(email?.body).toContain(sent.email);
    expect(email?.body).toContain("+972 50-123 4567");
  });

  it("notes the signed-in customer who wrote", async () => {
    const api = client();
    const { token, userId } = await registerVerified(api);
    const { json } = await api("POST", "/contact-us/create", { token, body: message() });
    expect(json.code).toBe("0");
    expect((await storedMessage(json.data.id)).customerId).toBe(userId);
  });

  it("takes a message with a stale token as from nobody in particular", async () => {
    const { json } = await client()("POST", "/contact-us/create", {
      token: "not-a-session",
      body: message(),
    });
    expect(json.code).toBe("0");
    expect((await storedMessage(json.data.id)).customerId).toBeNull();
  });

  it("keeps a message to a shop without staff to tell, and queues no email", async () => {
    const sent = message();
    const { json } = await client(quietShop)("POST", "/contact-us/create", { body: sent });
    expect(json.code).toBe("0");
    expect((await storedMessage(json.data.id)).storeId).toBe(quietShopId);
    expect(await emailsFor(quietShopId, sent.email)).toEqual([]);
  });

  it("keeps the email plain: markup stays text, line breaks cannot forge lines or headers", async () => {
    const sent = message({
      name: "Eve\r\nBcc: victim@example.com",
      subject: "Hi\nReply-To: evil@example.com",
      message: '<script>alert("x")</script> <b>bold</b>\nsecond line',
    });
    const { json } = await client()("POST", "/contact-us/create", { body: sent });
    expect(json.code).toBe("0");
    const [email] = await emailsFor(41, sent.email);
    expect(email?.subject).toBe("Green Basket Market: Hi Reply-To: evil@example.com");
    expect(email?.body).toContain('<script>alert("x")</script> <b>bold</b>\nsecond line');
    expect(email?.body.split("\n")[0]).toBe(
      "Eve Bcc: victim@example.com wrote to you from the shop's contact page.",
    );
    expect(email?.body).not.toMatch(/^(Bcc|Reply-To):/m);
  });

  it.each([
    ["a missing name", { name: undefined }, "name", "error-field-required"],
    ["a blank name", { name: "   " }, "name", "error-field-required"],
    ["a bad email", { email: "not-an-email" }, "email", "error-email-format"],
    ["a missing email", { email: undefined }, "email", "error-email-required"],
    ["a too-short message", { message: "Hi there" }, "message", "error-field-too-short"],
    [
      "a too-long message",
      { message: "x".repeat(CONTACT_LIMITS.messageMax + 1) },
      "message",
      "error-field-too-long",
    ],
    [
      "a too-long subject",
      { subject: "s".repeat(CONTACT_LIMITS.subjectMax + 1) },
      "subject",
      "error-field-too-long",
    ],
    ["a too-long name", { name: "n".repeat(CONTACT_LIMITS.nameMax + 1) }, "name", "error-field-too-long"],
    ["a bad phone", { phone: "call me maybe" }, "phone", "error-phone-format"],
    ["a phone of three digits", { phone: "+1 23" }, "phone", "error-phone-format"],
    ["a plus inside a phone", { phone: "12+345678" }, "phone", "error-phone-format"],
  ])("refuses %s with its field's translation key", async (_what, change, field, key) => {
    const sent = { ...message(), ...change };
    const { status, json } = await client()("POST", "/contact-us/create", { body: sent });
    expect(status).toBe(400);
    expect(json.code).toBe("400");
    expect(json.data.errors).toEqual({ [field]: key });
    if (typeof sent.email === "string") expect(await emailsFor(41, sent.email)).toEqual([]);
  });

  it(`takes ${THROTTLES.contactPerIp.limit} messages an hour from one address, then 429 with Retry-After`, async () => {
    const api = client();
    const codes: string[] = [];
    for (let i = 0; i <= THROTTLES.contactPerIp.limit; i++)
      codes.push((await api("POST", "/contact-us/create", { body: message() })).json.code);
    expect(codes).toEqual([...Array(THROTTLES.contactPerIp.limit).fill("0"), "429"]);
    const refused = await api("POST", "/contact-us/create", { body: message() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held up by it.
    expect((await client()("POST", "/contact-us/create", { body: message() })).json.code).toBe("0");
  });

  it("lets through exactly the limit of messages sent from one address at once", async () => {
    const api = client();
    const sent = Array.from({ length: 12 }, () => message());
    const answers = await Promise.all(sent.map((body) => api("POST", "/contact-us/create", { body })));
    const accepted = answers.filter((a) => a.json.code === "0");
    expect(accepted).toHaveLength(THROTTLES.contactPerIp.limit);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - THROTTLES.contactPerIp.limit);
    const { handle } = await testHarness();
    const stored = await handle.db.select({ email: contactMessages.email }).from(contactMessages);
    const ours = new Set(sent.map((m) => m.email));
    expect(stored.filter((row) => ours.has(row.email))).toHaveLength(THROTTLES.contactPerIp.limit);
  });

  it("refuses a message to an unknown shop", async () => {
    const { status, json } = await client("nowhere.example")("POST", "/contact-us/create", {
      body: message(),
    });
    expect(status).toBe(404);
    expect(json.code).toBe("4041");
  });

  it("reads through indexes only", async () => {
    const findings = await plansOf(async () => {
      await client()("POST", "/contact-us/create", { body: message() });
    });
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.filter((f) => f.seqScans.length > 0)).toEqual([]);
  });
});
