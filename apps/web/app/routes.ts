import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("products/:id", "routes/product.tsx"),
  route("menu", "routes/menu.tsx"),
  route("locale", "routes/locale.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
