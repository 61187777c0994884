import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Whether the page at a path takes a form: its route module has an action. A form posted to a
 * page that has none (the home page, search) is answered 405 with the problem page, instead of
 * React Router's error reaching a boundary that has no shop and no texts to show it with.
 * Answers "unknown" for a path no page has (React Router answers it as a 404).
 */
export function routeActions(routes: ServerBuild["routes"]): (pathname: string) => boolean | "unknown" {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
    children.set(route.parentId, siblings);
  }
  const withChildren = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => {
      const inner = children.get(route.id);
      return inner && !route.index ? { ...route, children: withChildren(inner) } : route;
    }) as RouteObject[];
  const tree = withChildren(children.get(undefined) ?? []);
  return (pathname) => {
    const leaf = matchRoutes(tree, pathname)?.at(-1);
    // The catch-all not-found page is no page of its own: React Router answers such a path 404.
    if (!leaf?.route.id || leaf.route.path === "*") return "unknown";
    return typeof routes[leaf.route.id]?.module.action === "function";
  };
}
