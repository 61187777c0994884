import { beforeAll, describe, expect, it } from "vitest";
import { openingHoursOf } from "../delivery/service.ts";
import { client, inbox, linkTokenIn } from "../test/accounts.ts";
import { testHarness } from "../test/harness.ts";
import { addShop, originOf, ShopExistsError } from "./new-shop.ts";

beforeAll(async () => {
  await testHarness();
});

describe("adding a shop", () => {
  it("makes the store with safe defaults and invites its owner, who signs in at the shop", async () => {
    const { handle } = await testHarness();
    const domain = `corner-${Date.now().toString(36)}.example.com`;
    const { store, invitation } = await addShop(handle.db, {
      domain: domain.toUpperCase(),
      name: "Corner Shop",
      owner: "Owner.Corner@Example.com",
      currency: "eur",
      timezone: "Europe/Paris",
      language: "he",
    });
    expect(store).toMatchObject({
      domain,
      currency: "EUR",
      nameLocalizations: { he: "Corner Shop" },
      languages: ["he", "en", "ar"],
      paymentProviders: [],
      guestCheckout: true,
    });
    expect(await openingHoursOf(handle.db, store.id)).toEqual({
      timezone: "Europe/Paris",
      opensAt: 540,
      closesAt: 1020,
      openDays: [1, 2, 3, 4, 5],
    });
    expect(invitation).toMatch(
      new RegExp(`^https://${domain.replace(/\./g, "\\.")}/staff/invitation\\?token=`),
    );
    const [mail] = await inbox("owner.corner@example.com");
    expect(mail?.body).toContain(invitation);

    const api = client(domain);
    const shop = await api("GET", "/api/store/getByDomain");
    expect(shop.status).toBe(200);
    const accepted = await api("POST", "/api/staff/invitation/accept", {
      body: { token: linkTokenIn(invitation), password: "the owner's password" },
    });
    expect(accepted.json.data.staff).toMatchObject({ email: "owner.corner@example.com", role: "owner" });

    await expect(
      addShop(handle.db, { domain, name: "Again", owner: "x@example.com" }),
    ).rejects.toBeInstanceOf(ShopExistsError);
    await expect(
      addShop(handle.db, { domain: "http://bad domain:3000", name: "Bad", owner: "x@example.com" }),
    ).rejects.toThrow(/host name/);
    await expect(
      addShop(handle.db, {
        domain: "fine.example.com",
        name: "Bad",
        owner: "x@example.com",
        timezone: "Mars/Base",
      }),
    ).rejects.toThrow(/time zone/);
  });

  it("links local development domains to the storefront's port", () => {
    expect(originOf("corner.localhost")).toBe("http://corner.localhost:3000");
    expect(originOf("shop.example.com")).toBe("https://shop.example.com");
  });
});
