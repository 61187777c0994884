import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { storeById } from "../stores/service.ts";
import { testHarness } from "../test/harness.ts";
import { composeMessage } from "./messages.ts";
import { deliverPending, enqueueMessage, type Transport } from "./outbox.ts";
import { outbox } from "./tables.ts";

async function queueTwo(to: string) {
  const { handle } = await testHarness();
  const store = await storeById(handle.db, 41);
  if (!store) throw new Error("demo store 41 is missing");
  await enqueueMessage(
    handle.db,
    store,
    "email",
    to,
    { kind: "code", purpose: "login", code: "123456" },
    "ar",
  );
  await enqueueMessage(
    handle.db,
    store,
    "sms",
    `+1${to.length}555`,
    { kind: "code", purpose: "login", code: "654321" },
    "en",
  );
  return handle.db;
}

describe("outbox delivery", () => {
  it("sends pending messages once and marks them sent", async () => {
    const db = await queueTwo("deliver@example.com");
    const sent: { to: string; subject: string }[] = [];
    const transport: Transport = { send: async (m) => void sent.push({ to: m.to, subject: m.subject }) };
    while ((await deliverPending(db, transport)).claimed > 0);
    expect(sent.find((m) => m.to === "deliver@example.com")?.subject).toMatch(/[\u0600-\u06FF]/);
    expect(await deliverPending(db, transport)).toEqual({ claimed: 0, lastId: 0 });
    const rows = await db.select().from(outbox).where(eq(outbox.recipient, "deliver@example.com"));
    expect(rows.map((r) => r.status)).toEqual(["sent"]);
  });

  it("starts past the id it is given and says the last one it claimed", async () => {
    const db = await queueTwo("past@example.com");
    const idOf = async (recipient: string) =>
      (await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, recipient)))[0]?.id ?? 0;
    const [email, sms] = [await idOf("past@example.com"), await idOf("+116555")];
    expect(sms).toBeGreaterThan(email);
    const sent: string[] = [];
    const transport: Transport = { send: async (m) => void sent.push(m.to) };

    const past = await deliverPending(db, transport, { after: email, batch: 1000 });
    expect(past.lastId).toBeGreaterThanOrEqual(sms);
    expect(sent).toContain("+116555");
    expect(sent).not.toContain("past@example.com");
    // Nothing is left past the last id claimed; the message below the start is still pending, and a
    // look from the start sends it.
    expect(await deliverPending(db, transport, { after: past.lastId })).toEqual({
      claimed: 0,
      lastId: past.lastId,
    });
    while ((await deliverPending(db, transport)).claimed > 0);
    expect(sent).toContain("past@example.com");
  });

  it("keeps a failed message for retry and gives up after five attempts", async () => {
    const db = await queueTwo("bounce@example.com");
    const failing: Transport = {
      send: async () => {
        throw new Error("SMTP 451 try later");
      },
    };
    for (let i = 0; i < 5; i++) await deliverPending(db, failing);
    const [row] = await db.select().from(outbox).where(eq(outbox.recipient, "bounce@example.com"));
    expect(row?.status).toBe("failed");
    expect(row?.attempts).toBe(5);
    expect(row?.lastError).toContain("451");
    await db.delete(outbox).where(inArray(outbox.status, ["failed"]));
  });
});

describe("message texts", () => {
  it("says the code and its lifetime in each language", () => {
    for (const locale of ["en", "ar", "he"] as const) {
      const { subject, body } = composeMessage(
        { kind: "code", purpose: "retrievePwd", code: "482913" },
        locale,
        "Shop",
        10,
      );
      expect(subject).toContain("Shop");
      expect(body).toContain("482913");
      expect(body).toContain("10");
    }
  });

  it("tells the staff who wrote from the contact page, in each language", () => {
    for (const locale of ["en", "ar", "he"] as const) {
      const { subject, body } = composeMessage(
        {
          kind: "contactMessage",
          name: "Dana",
          email: "dana@example.com",
          phone: null,
          subject: null,
          message: "Is the bakery open on Friday?",
          locale: "he",
        },
        locale,
        "Shop",
        10,
      );
      expect(subject).toContain("Shop");
      expect(subject).toContain("Dana");
      expect(body).toContain("dana@example.com");
      expect(body).toContain("Is the bakery open on Friday?");
      expect(body).toContain(": he");
    }
  });
});
