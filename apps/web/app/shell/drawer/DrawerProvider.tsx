import type { DrawerView } from "@stoa/contract";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

/** Payloads of the drawers that take one (spec §2); every other drawer takes none. */
export type DrawerPayloads = {
  SEARCH_FILTER: { type: string; showManufacturers: boolean };
};
export type DrawerPayload<V extends DrawerView> = V extends keyof DrawerPayloads
  ? DrawerPayloads[V]
  : undefined;

export type OpenDrawerState = {
  [V in DrawerView]: { isOpen: true; view: V; data: DrawerPayload<V> };
}[DrawerView];
/** Spec §4: closing resets the drawer to hidden with an empty view and no data. */
export type DrawerState = OpenDrawerState | { isOpen: false; view: ""; data: null };

export const CLOSED_DRAWER: DrawerState = { isOpen: false, view: "", data: null };

type DrawerApi = {
  drawer: DrawerState;
  openDrawer: <V extends DrawerView>(
    view: V,
    ...data: DrawerPayload<V> extends undefined ? [] : [DrawerPayload<V>]
  ) => void;
  closeDrawer: () => void;
};

const DrawerContext = createContext<DrawerApi | null>(null);

export function DrawerProvider({ children }: { children: ReactNode }) {
  const [drawer, setDrawer] = useState<DrawerState>(CLOSED_DRAWER);
  const openDrawer = useCallback<DrawerApi["openDrawer"]>((view, ...data) => {
    setDrawer({ isOpen: true, view, data: data[0] } as OpenDrawerState);
  }, []);
  const closeDrawer = useCallback(() => setDrawer(CLOSED_DRAWER), []);
  const api = useMemo(() => ({ drawer, openDrawer, closeDrawer }), [drawer, openDrawer, closeDrawer]);
  return <DrawerContext.Provider value={api}>{children}</DrawerContext.Provider>;
}

export function useDrawer(): DrawerApi {
  const api = useContext(DrawerContext);
  if (!api) throw new Error("useDrawer must be used inside DrawerProvider");
  return api;
}
