import { client, freshEmail, inbox, linkTokenIn } from "./accounts.ts";
import { SHOP_STAFF, type Shop } from "./shops.ts";

/**
 * A test shop's owner, signed in to the staff API: `as` calls a staff path with the owner's token
 * (or another's), and `member` invites one of another role through the owner's invitation and
 * answers that member's token.
 */
export async function shopOwner(shop: Shop) {
  const api = client(shop.domain);
  const login = await api("POST", "/api/staff/login", { body: SHOP_STAFF });
  const token = login.json.data.token as string;
  const as = (path: string, body?: unknown, t = token, options: { query?: Record<string, number> } = {}) =>
    api("POST", path, { token: t, body, ...options });
  const member = async (role: string) => {
    const email = freshEmail();
    await as("/api/staff/accounts/invite", { email, name: `A ${role}`, role });
    const link = linkTokenIn((await inbox(email))[0]?.body ?? "");
    const accepted = await api("POST", "/api/staff/invitation/accept", {
      body: { token: link, password: "a long password 1" },
    });
    return accepted.json.data.token as string;
  };
  return { api, token, as, member };
}
