import type { ReactNode } from "react";

/*
 * Icons that a product list repeats on every card (heart, quick view, cart, options) are drawn once
 * per page as symbols and used by reference: a home page of 28 cards carried over 20 KB of the same
 * paths and stroke attributes. Each symbol keeps the stroke style of icons.tsx.
 */

const STROKE = {
  fill: "none",
  stroke: "currentColor",
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

const HEART_PATH =
  "M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.6 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z";

const SYMBOLS = {
  heart: { strokeWidth: 1.8, body: <path d={HEART_PATH} /> },
  "heart-filled": { strokeWidth: 1.8, fill: "currentColor", body: <path d={HEART_PATH} /> },
  eye: {
    strokeWidth: 1.75,
    body: (
      <>
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
      </>
    ),
  },
  cart: {
    strokeWidth: 1.75,
    body: (
      <>
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
        <circle cx="10" cy="20" r="1.2" />
        <circle cx="17" cy="20" r="1.2" />
      </>
    ),
  },
  options: {
    strokeWidth: 1.75,
    body: (
      <>
        <path d="M4 7h10M18 7h2M4 17h2M10 17h10" />
        <circle cx="16" cy="7" r="2" />
        <circle cx="8" cy="17" r="2" />
      </>
    ),
  },
  // "Check fit" on every card of a car-parts shop; the other shops' pages leave it out.
  car: {
    strokeWidth: 1.75,
    vertical: "carparts",
    body: (
      <>
        <path d="M5 16.5V12l1.8-4.6A2 2 0 0 1 8.7 6h6.6a2 2 0 0 1 1.9 1.4L19 12v4.5M3.5 12h17M5 16.5h14" />
        <circle cx="7.5" cy="17.5" r="1.5" />
        <circle cx="16.5" cy="17.5" r="1.5" />
      </>
    ),
  },
} satisfies Record<string, { strokeWidth: number; fill?: string; vertical?: string; body: ReactNode }>;

export type SpriteIconName = keyof typeof SYMBOLS;

const idOf = (name: SpriteIconName) => `icon-${name}`;

/** The symbols, once per page (root layout): those of every shop, and those of the shop's kind. */
export function IconSprite({ vertical }: { vertical?: string }) {
  const symbols = Object.entries(SYMBOLS).filter(
    ([, symbol]) => !("vertical" in symbol) || symbol.vertical === vertical,
  );
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" style={{ position: "absolute" }}>
      {symbols.map(([name, symbol]) => (
        <symbol
          key={name}
          id={idOf(name as SpriteIconName)}
          viewBox="0 0 24 24"
          {...STROKE}
          fill={"fill" in symbol ? symbol.fill : STROKE.fill}
          strokeWidth={symbol.strokeWidth}
        >
          {symbol.body}
        </symbol>
      ))}
    </svg>
  );
}

/** One of the sprite's icons; decorative, so hidden from assistive technology. */
/** `className={null}`: no class at all, for an icon its button's stylesheet rule sizes (a card's). */
export function SpriteIcon({
  name,
  className = "size-6",
}: {
  name: SpriteIconName;
  className?: string | null;
}) {
  return (
    <svg aria-hidden="true" focusable="false" className={className ?? undefined}>
      <use href={`#${idOf(name)}`} />
    </svg>
  );
}
