import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("products/:id", "routes/product.tsx"),
  route("menu", "routes/menu.tsx"),
  route("locale", "routes/locale.ts"),
  route("profile", "routes/profile.tsx"),
  route("change-password", "routes/change-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("logout", "routes/logout.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("checkout/guest", "routes/checkout-guest.tsx"),
  route("auth/login", "routes/auth.login.ts"),
  route("auth/register", "routes/auth.register.ts"),
  route("auth/phone", "routes/auth.phone.ts"),
  route("auth/forgot", "routes/auth.forgot.ts"),
  route("auth/guest", "routes/auth.guest.ts"),
  route("auth/log", "routes/auth.log.ts"),
  route("account/address", "routes/account.address.ts"),
  route("account/contact", "routes/account.contact.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
