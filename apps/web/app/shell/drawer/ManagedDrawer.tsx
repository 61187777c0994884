import {
  DRAWER_BACKDROP_SECONDS,
  DRAWER_SLIDE_SECONDS,
  type DrawerSide,
  drawerSide,
  isRtl,
} from "@stoa/contract";
import { lazy, type RefObject, Suspense, useRef } from "react";
import { useDialogBehaviour, useFocusOnArrival, useLastWhile } from "../../platform/ui/use-dialog.ts";
import { useShop } from "../root-data.ts";
import { DRAWER_TITLE_ID } from "./DrawerFrame.tsx";
import { type OpenDrawerState, useDrawer } from "./DrawerProvider.tsx";

/** The drawers' views (cart, menus, filters…) arrive the first time a drawer opens, not with the page. */
const DrawerContent = lazy(() =>
  import("./drawer-views.tsx").then((views) => ({ default: views.DrawerContent })),
);

/** Mounted next to the view, so it runs once the view's code has arrived and rendered. */
function FocusOnArrival({ panel }: { panel: RefObject<HTMLElement | null> }) {
  useFocusOnArrival(panel);
  return null;
}

const HIDDEN_TRANSFORM: Record<DrawerSide, string> = { left: "-translate-x-full", right: "translate-x-full" };
/**
 * Opening shows the panel at once (so focus can move in on the first frame); closing keeps it
 * visible until it has slid out, because only then does visibility take part in the transition.
 */
const VISIBLE_AT_ONCE = "visible transition-transform motion-reduce:transition-none";
const HIDDEN_AFTER_SLIDE = "invisible transition-[transform,visibility] motion-reduce:transition-none";

/**
 * One panel per physical side, always mounted, so each slides in and out along its own edge. The
 * panel keeps showing its last view while it slides out, although the drawer state is already reset.
 */
function DrawerPanel({
  side,
  open,
  view,
}: {
  side: DrawerSide;
  open: boolean;
  view: OpenDrawerState | null;
}) {
  const { closeDrawer } = useDrawer();
  const panel = useRef<HTMLDivElement>(null);
  const shown = useLastWhile(view, open);
  useDialogBehaviour(open, panel, closeDrawer);
  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-labelledby={open ? DRAWER_TITLE_ID : undefined}
      aria-hidden={!open}
      tabIndex={-1}
      data-drawer-side={side}
      data-drawer-view={shown?.view}
      className={`fixed inset-y-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl outline-none ease-out ${
        side === "left" ? "left-0" : "right-0"
      } ${open ? VISIBLE_AT_ONCE : HIDDEN_AFTER_SLIDE} ${open ? "translate-x-0" : HIDDEN_TRANSFORM[side]}`}
      style={{ transitionDuration: `${DRAWER_SLIDE_SECONDS}s` }}
    >
      {shown ? (
        <Suspense fallback={null}>
          <DrawerContent state={shown} />
          <FocusOnArrival key={shown.view} panel={panel} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The global side panel of spec §2: opens on the view's side, mirrored for right-to-left pages. */
export function ManagedDrawer() {
  const { drawer, closeDrawer } = useDrawer();
  const { locale } = useShop();
  const openSide = drawer.isOpen ? drawerSide(drawer.view, isRtl(locale)) : null;
  return (
    <>
      <div
        aria-hidden="true"
        onClick={closeDrawer}
        data-drawer-backdrop
        className={`fixed inset-0 z-50 bg-stone-950/50 motion-reduce:transition-none ${
          drawer.isOpen
            ? "visible opacity-100 transition-opacity"
            : "invisible opacity-0 transition-[opacity,visibility]"
        }`}
        style={{ transitionDuration: `${DRAWER_BACKDROP_SECONDS}s` }}
      />
      <DrawerPanel
        side="left"
        open={openSide === "left"}
        view={openSide === "left" && drawer.isOpen ? drawer : null}
      />
      <DrawerPanel
        side="right"
        open={openSide === "right"}
        view={openSide === "right" && drawer.isOpen ? drawer : null}
      />
    </>
  );
}
