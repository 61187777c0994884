import { hsl } from "../color.ts";
import type { Look } from "../look.ts";
import { type MotifDrawing, NATURAL as N, polar, times } from "./types.ts";

const steam = (x: number, y: number) =>
  times(
    3,
    (i) =>
      `<path d="M${x + i * 50} ${y}C${x + i * 50 - 20} ${y - 30} ${x + i * 50 + 20} ${y - 60} ${x + i * 50} ${y - 90}" stroke="#fff" stroke-width="12" fill="none" stroke-linecap="round" opacity=".85"/>`,
  );

/** The usual pizza of a category tile: mozzarella, tomatoes, basil and olives. */
const USUAL_PIZZA = {
  sauce: "#d9462b",
  cheese: ["#ffd670"],
  pepperoni: true,
  basil: true,
  olives: true,
  mushrooms: false,
  peppers: false,
  chillies: false,
  meat: false,
  nuts: false,
  herbs: false,
  spin: 0,
};

type PizzaToppings = typeof USUAL_PIZZA;

/** Toppings follow the name first ("pepperoni", "four cheese"), then the product's own dice. */
function pizzaToppings(look: Look): PizzaToppings {
  const w = look.words;
  const flatbread = w.has("flatbread") || w.has("atar") || w.has("manakish");
  const cheesy = w.has("cheese") || w.has("formaggi");
  const white = cheesy || w.has("bianca") || w.has("truffle");
  const meaty = w.has("lamb") || w.has("beef") || w.has("meat");
  return {
    sauce: flatbread
      ? "#8a8a3c"
      : white
        ? "#f3e2b3"
        : (["#d9462b", "#c9381f", "#e0552f"][look.roll("sauce", 3)] ?? "#d9462b"),
    cheese: flatbread ? [] : cheesy ? ["#ffd670", "#fff3c4", "#f4b942", "#fbe7a1"] : ["#ffd670"],
    pepperoni: look.has(
      ["pepperoni", "diavola", "salami"],
      "pepperoni",
      flatbread || white || meaty ? 0 : 0.25,
    ),
    basil: look.has(["margherita", "basil", "garden"], "basil", flatbread ? 0 : 0.3),
    olives: look.has(["olive", "olives", "garden", "vegetable"], "olives", flatbread ? 0 : 0.25),
    mushrooms: look.has(["mushroom", "funghi", "truffle"], "mushrooms", 0),
    peppers: look.has(["vegetable", "garden", "pepper", "diavola"], "peppers", 0),
    chillies: look.has(["spicy", "diavola", "chilli", "chili"], "chillies", 0),
    meat: meaty,
    nuts: look.has(["pine"], "nuts", 0),
    herbs: flatbread,
    spin: look.roll("spin", 360),
  };
}

function pizzaTop(t: PizzaToppings, flat: boolean): string {
  const at = (r: number, degrees: number) => polar(400, 400, r, degrees + t.spin);
  return (
    `<circle cx="400" cy="400" r="250" fill="${N.wood}"/>` +
    (flat
      ? `<ellipse cx="400" cy="400" rx="230" ry="200" fill="#e8b266"/><ellipse cx="400" cy="400" rx="200" ry="172" fill="${t.sauce}"/>`
      : `<circle cx="400" cy="400" r="226" fill="#e3a857"/><circle cx="400" cy="400" r="196" fill="${t.sauce}"/>`) +
    t.cheese
      .map((colour, c) =>
        times(9, (i) => {
          const [x, y] = at(40 + (i % 3) * 52, i * 40 + c * 17);
          return `<circle cx="${x}" cy="${y}" r="${(46 - (i % 3) * 6) * (c ? 0.6 : 1)}" fill="${colour}"/>`;
        }),
      )
      .join("") +
    (t.herbs
      ? times(60, (i) => {
          const [x, y] = at(20 + ((i * 37) % 170), i * 53);
          return `<circle cx="${x}" cy="${y}" r="${4 + (i % 3) * 2}" fill="${i % 4 ? "#4f5d1e" : "#c0392b"}"/>`;
        })
      : "") +
    (t.meat
      ? times(14, (i) => {
          const [x, y] = at(50 + (i % 4) * 40, i * 26);
          return `<path d="M${x - 14} ${y}C${x - 10} ${y - 14} ${x + 12} ${y - 12} ${x + 14} ${y}C${x + 10} ${y + 12} ${x - 8} ${y + 14} ${x - 14} ${y}Z" fill="#7a3f22"/>`;
        })
      : "") +
    (t.nuts
      ? times(16, (i) => {
          const [x, y] = at(30 + ((i * 29) % 150), i * 47 + 10);
          return `<ellipse cx="${x}" cy="${y}" rx="9" ry="5" transform="rotate(${i * 40} ${x} ${y})" fill="#f6e7c1"/>`;
        })
      : "") +
    (t.pepperoni
      ? times(8, (i) => {
          const [x, y] = at(60 + (i % 2) * 90, i * 45 + 20);
          return `<circle cx="${x}" cy="${y}" r="26" fill="#b3261e"/><circle cx="${x - 6}" cy="${y - 6}" r="6" fill="#e25a4f"/>`;
        })
      : "") +
    (t.mushrooms
      ? times(7, (i) => {
          const [x, y] = at(70 + (i % 2) * 70, i * 51 + 8);
          return (
            `<g transform="rotate(${i * 50} ${x} ${y})"><path d="M${x - 24} ${y}C${x - 24} ${y - 26} ${x + 24} ${y - 26} ${x + 24} ${y}Z" fill="#c9a27a"/>` +
            `<rect x="${x - 8}" y="${y - 2}" width="16" height="20" rx="5" fill="#e9d3b4"/></g>`
          );
        })
      : "") +
    (t.peppers
      ? times(6, (i) => {
          const [x, y] = at(95 + (i % 2) * 55, i * 60 + 35);
          return `<path d="M${x - 22} ${y}C${x - 10} ${y - 16} ${x + 10} ${y - 16} ${x + 22} ${y}" stroke="${i % 2 ? "#3c9a3c" : "#f2b233"}" stroke-width="9" fill="none" stroke-linecap="round" transform="rotate(${i * 33} ${x} ${y})"/>`;
        })
      : "") +
    (t.chillies
      ? times(5, (i) => {
          const [x, y] = at(130, i * 72 + 10);
          return `<ellipse cx="${x}" cy="${y}" rx="18" ry="7" transform="rotate(${i * 72} ${x} ${y})" fill="#e02b20"/>`;
        })
      : "") +
    (t.basil
      ? times(5, (i) => {
          const [x, y] = at(110, i * 72 + 50);
          return `<ellipse cx="${x}" cy="${y}" rx="22" ry="12" transform="rotate(${i * 60} ${x} ${y})" fill="${N.leaf}"/>`;
        })
      : "") +
    (t.olives
      ? times(6, (i) => {
          const [x, y] = at(155, i * 60 + 5);
          return `<circle cx="${x}" cy="${y}" r="11" fill="none" stroke="${N.ink}" stroke-width="8"/>`;
        })
      : "")
  );
}

const pizza: MotifDrawing = {
  shadow: 270,
  draw: (_p, look) => {
    const flat = look !== undefined && (look.words.has("flatbread") || look.words.has("atar"));
    // Drawn top-down, then squashed so it reads as a pie lying on a table.
    const top = pizzaTop(look ? pizzaToppings(look) : USUAL_PIZZA, flat);
    return (
      `<ellipse cx="400" cy="498" rx="250" ry="150" fill="${N.woodDark}"/>` +
      `<rect x="630" y="455" width="120" height="36" rx="18" fill="${N.woodDark}"/>` +
      `<rect x="630" y="446" width="120" height="36" rx="18" fill="${N.wood}"/>` +
      `<g transform="translate(0 230) scale(1 0.6)">${top}</g>`
    );
  },
};

/** What goes between the buns, bottom to top; each layer is drawn 22 px above the one under it. */
function burgerFilling(look: Look | undefined): string[] {
  const w = look?.words ?? new Set<string>();
  const patty = w.has("chicken")
    ? `<path d="M206 500C200 468 600 468 594 500C600 540 200 540 206 500Z" fill="#d48a2f"/>` +
      times(12, (i) => `<circle cx="${240 + i * 30}" cy="${494 + (i % 3) * 10}" r="5" fill="#f2b84b"/>`)
    : w.has("plant") || w.has("veggie")
      ? `<path d="M214 500C214 470 586 470 586 500C586 540 214 540 214 500Z" fill="#7b5b32"/>` +
        times(10, (i) => `<circle cx="${250 + i * 36}" cy="${498 + (i % 2) * 12}" r="5" fill="#8fbf4a"/>`)
      : `<path d="M214 500C214 470 586 470 586 500C586 540 214 540 214 500Z" fill="${w.has("lamb") ? "#5a3020" : "#6b3e26"}"/>` +
        times(9, (i) => `<circle cx="${250 + i * 38}" cy="${500 + (i % 2) * 12}" r="4" fill="#4b2a18"/>`);
  const cheese = w.has("feta")
    ? times(
        9,
        (i) =>
          `<rect x="${236 + i * 38}" y="${466 + (i % 2) * 8}" width="26" height="20" rx="4" fill="#fbfaf3"/>`,
      )
    : w.has("swiss")
      ? `<path d="M210 470L590 470L590 486L540 486L520 520L500 486L330 486L310 516L290 486L210 486Z" fill="#f7e59b"/>` +
        `<circle cx="300" cy="478" r="6" fill="#e3cb6d"/><circle cx="460" cy="479" r="7" fill="#e3cb6d"/>`
      : `<path d="M210 470L590 470L590 486L540 486L520 520L500 486L330 486L310 516L290 486L210 486Z" fill="#ffc933"/>`;
  const layers = [patty];
  if (look?.has(["smash", "double"], "double", 0)) layers.push(patty);
  if (!look || look.has(["cheese", "cheeseburger", "swiss", "feta"], "cheese", 0.4)) layers.push(cheese);
  if (w.has("bacon"))
    layers.push(
      `<path d="M220 470C260 450 300 490 340 470C380 450 420 490 460 470C500 450 540 490 580 470" stroke="#a8392b" stroke-width="16" fill="none" stroke-linecap="round"/>` +
        `<path d="M220 470C260 450 300 490 340 470C380 450 420 490 460 470C500 450 540 490 580 470" stroke="#f0b8a0" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    );
  if (w.has("mushroom"))
    layers.push(
      times(
        6,
        (i) =>
          `<path d="M${240 + i * 60} 494C${240 + i * 60} 470 ${290 + i * 60} 470 ${290 + i * 60} 494Z" fill="#a9825c"/>`,
      ),
    );
  if (!look || look.has(["classic", "kids"], "tomato", 0.6))
    layers.push(`<path d="M230 466L570 466L570 490L230 490Z" fill="#e63946"/>`);
  return layers;
}

const burger: MotifDrawing = {
  shadow: 220,
  draw: (_p, look) => {
    const filling = burgerFilling(look);
    // Every layer is drawn with its top near y = 470; each one more lifts the lettuce and top bun.
    const lift = (filling.length - 1) * 22;
    const layered = filling.map((layer, i) => `<g transform="translate(0 ${-i * 22})">${layer}</g>`).join("");
    return (
      `<path d="M222 540L578 540C578 590 540 614 500 614L300 614C260 614 222 590 222 540Z" fill="#d8923f"/>` +
      layered +
      `<g transform="translate(0 ${-lift})">` +
      `<path d="M200 440C230 420 250 460 280 440C310 420 330 460 360 440C390 420 410 460 440 440C470 420 490 460 520 440C550 420 570 460 600 440L590 462L210 462Z" fill="${N.leaf}"/>` +
      `<path d="M210 440C210 320 300 270 400 270C500 270 590 320 590 440Z" fill="#e8a94f"/>` +
      `<path d="M480 290C550 320 590 370 590 440L540 440C540 380 520 330 480 290Z" fill="#d8923f"/>` +
      times(10, (i) => {
        const x = 280 + (i % 5) * 56 + (Math.floor(i / 5) % 2) * 24;
        const y = 330 + Math.floor(i / 5) * 46;
        return `<ellipse cx="${x}" cy="${y}" rx="10" ry="6" transform="rotate(${((i * 31) % 60) - 30} ${x} ${y})" fill="${N.cream}"/>`;
      }) +
      `<path d="M270 360C290 320 330 300 370 294" stroke="#f6c97f" stroke-width="12" fill="none" stroke-linecap="round"/></g>`
    );
  },
};

const noodles: MotifDrawing = {
  shadow: 200,
  draw: (p) =>
    times(
      6,
      (i) =>
        `<path d="M${300 + i * 36} 340C${280 + i * 36} 300 ${330 + i * 36} 270 ${310 + i * 36} 230" stroke="#f2c14e" stroke-width="12" fill="none" stroke-linecap="round"/>`,
    ) +
    `<path d="M268 330L330 270L470 270L532 330Z" fill="#f4f1ec"/>` +
    `<ellipse cx="400" cy="322" rx="132" ry="40" fill="#f2c14e"/>` +
    `<path d="M290 320C320 296 340 336 370 312C400 288 420 330 450 306C480 284 500 320 516 312M300 336C330 314 350 350 380 328C410 306 430 346 460 324C480 310 500 330 510 326" stroke="#d9a53a" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="M260 330L540 330L500 616L300 616Z" fill="#fbfaf7"/>` +
    `<path d="M460 330L540 330L500 616L470 616Z" fill="#e7e2d9"/>` +
    `<path d="M268 330L540 330L536 360L272 360Z" fill="${p.accent}"/>` +
    `<circle cx="396" cy="470" r="56" fill="${p.accent}"/>` +
    `<path d="M372 450C388 470 404 470 420 450M372 486C388 506 404 506 420 486" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<path d="M470 230L600 120" stroke="${N.woodDark}" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="M448 240L590 150" stroke="${N.wood}" stroke-width="16" stroke-linecap="round"/>`,
};

const drinkCup: MotifDrawing = {
  shadow: 150,
  draw: (p) =>
    `<path d="M430 250L470 120L500 120" stroke="#fff" stroke-width="16" fill="none" stroke-linecap="round"/>` +
    `<path d="M438 226L456 168" stroke="${p.accent}" stroke-width="16" stroke-dasharray="14 14"/>` +
    `<path d="M290 300L510 300L482 614L318 614Z" fill="${p.accent}"/>` +
    `<path d="M446 300L510 300L482 614L456 614Z" fill="${p.accentDark}" opacity=".5"/>` +
    `<path d="M302 410L498 410L488 520L312 520Z" fill="${p.accentPale}"/>` +
    `<circle cx="400" cy="465" r="32" fill="${p.accent}"/>` +
    `<rect x="270" y="270" width="260" height="36" rx="14" fill="#fff"/>` +
    `<path d="M300 272C310 230 490 230 500 272Z" fill="#f1f3f6"/>` +
    `<rect x="318" y="320" width="14" height="80" rx="7" fill="#fff" opacity=".4"/>`,
};

const soup: MotifDrawing = {
  shadow: 240,
  draw: (p) =>
    steam(330, 360) +
    `<g transform="rotate(-28 560 380)"><rect x="548" y="250" width="26" height="200" rx="13" fill="${N.steel}"/></g>` +
    `<ellipse cx="400" cy="440" rx="230" ry="62" fill="#e9893a"/>` +
    `<ellipse cx="390" cy="434" rx="190" ry="44" fill="#f19f4d"/>` +
    times(6, (i) => {
      const [x, y] = polar(400, 436, 120, i * 60 + 15);
      return `<ellipse cx="${x}" cy="${400 + (y - 400) * 0.35}" rx="9" ry="5" fill="${N.leafDark}"/>`;
    }) +
    `<circle cx="470" cy="440" r="14" fill="#fff" opacity=".7"/><circle cx="330" cy="426" r="10" fill="#fff" opacity=".7"/>` +
    `<path d="M170 440C170 540 270 614 400 614C530 614 630 540 630 440C600 490 500 510 400 510C300 510 200 490 170 440Z" fill="${p.accent}"/>` +
    `<path d="M520 498C580 480 616 470 630 440C630 540 530 614 400 614C480 590 520 550 520 498Z" fill="${p.accentDark}" opacity=".45"/>` +
    `<path d="M230 500C250 540 290 570 330 584" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".35"/>` +
    `<path d="M170 440C200 490 300 510 400 510C500 510 600 490 630 440" stroke="${p.accentLight}" stroke-width="10" fill="none"/>`,
};

const fries: MotifDrawing = {
  shadow: 170,
  draw: (p) =>
    times(11, (i) => {
      const x = 300 + i * 20;
      const top = 220 + ((i * 53) % 90);
      const tilt = (i - 5) * 3;
      return (
        `<g transform="rotate(${tilt} ${x} 460)"><rect x="${x - 14}" y="${top}" width="30" height="260" rx="6" fill="#e8a92f"/>` +
        `<rect x="${x - 14}" y="${top}" width="22" height="260" rx="6" fill="#f7c948"/></g>`
      );
    }) +
    `<path d="M270 380C330 410 470 410 530 380L500 616L300 616Z" fill="${p.accent}"/>` +
    `<path d="M470 400L530 380L500 616L470 616Z" fill="${p.accentDark}" opacity=".45"/>` +
    `<path d="M340 470C360 500 440 500 460 470L460 490C440 520 360 520 340 490Z" fill="#fff" opacity=".9"/>` +
    `<path d="M290 420C300 480 306 540 312 590" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".3"/>`,
};

const iceCream: MotifDrawing = {
  shadow: 110,
  draw: (p) => {
    const lower = p.accentLight;
    const upper = hsl(p.hue + 40, 70, 80);
    return (
      `<path d="M300 400L500 400L404 620C402 626 398 626 396 620Z" fill="#e2a65a"/>` +
      `<clipPath id="ice-cream-cone"><path d="M300 400L500 400L404 620C402 626 398 626 396 620Z"/></clipPath>` +
      `<g clip-path="url(#ice-cream-cone)" stroke="#c4843a" stroke-width="6">` +
      times(6, (i) => `<line x1="${250 + i * 50}" y1="380" x2="${420 + i * 50}" y2="640"/>`) +
      times(6, (i) => `<line x1="${300 + i * 50}" y1="380" x2="${130 + i * 50}" y2="640"/>`) +
      `</g>` +
      `<path d="M286 404C270 360 300 320 340 320C350 290 450 290 460 320C500 320 530 360 514 404C500 430 470 410 450 430C430 410 400 436 380 416C360 436 330 420 320 430C300 420 296 420 286 404Z" fill="${lower}"/>` +
      `<circle cx="400" cy="260" r="92" fill="${upper}"/>` +
      `<path d="M310 280C330 310 360 320 400 318C440 320 470 310 490 280C496 300 480 330 470 340L330 340C320 330 304 300 310 280Z" fill="${upper}"/>` +
      `<ellipse cx="364" cy="226" rx="22" ry="14" fill="#fff" opacity=".5"/>` +
      `<circle cx="412" cy="172" r="26" fill="#d62839"/><circle cx="404" cy="164" r="7" fill="#fff" opacity=".5"/>` +
      `<path d="M414 148C418 128 430 116 444 110" stroke="${N.leafDark}" stroke-width="6" fill="none" stroke-linecap="round"/>`
    );
  },
};

const skewer: MotifDrawing = {
  shadow: 240,
  draw: () => {
    const pieces = ["meat", "pepper", "meat", "onion", "meat", "tomato", "meat"] as const;
    const piece = (kind: (typeof pieces)[number], x: number) => {
      switch (kind) {
        case "meat":
          return (
            `<rect x="${x - 36}" y="354" width="72" height="92" rx="22" fill="#7a3f24"/>` +
            `<rect x="${x - 36}" y="354" width="66" height="84" rx="20" fill="#9c5532"/>` +
            `<path d="M${x - 22} 380L${x + 16} 370M${x - 24} 410L${x + 18} 400" stroke="#4b2414" stroke-width="7" stroke-linecap="round"/>`
          );
        case "pepper":
          return `<rect x="${x - 22}" y="350" width="44" height="100" rx="16" fill="${N.leaf}"/><rect x="${x - 18}" y="356" width="10" height="86" rx="5" fill="${N.leafLight}"/>`;
        case "onion":
          return `<rect x="${x - 18}" y="356" width="36" height="88" rx="14" fill="#c9a0dc"/><rect x="${x - 10}" y="364" width="12" height="72" rx="6" fill="#efe0f5"/>`;
        case "tomato":
          return `<circle cx="${x}" cy="400" r="40" fill="#e63946"/><circle cx="${x - 12}" cy="386" r="10" fill="#fff" opacity=".45"/>`;
      }
    };
    return (
      `<g transform="rotate(-24 400 430) translate(400 400) scale(1.15) translate(-400 -400)">` +
      `<rect x="120" y="394" width="580" height="12" rx="6" fill="${N.woodLight}"/>` +
      `<circle cx="130" cy="400" r="16" fill="${N.wood}"/>` +
      pieces.map((kind, i) => piece(kind, 228 + i * 64)).join("") +
      `</g>`
    );
  },
};

const coffeeCup: MotifDrawing = {
  shadow: 230,
  draw: (p) =>
    steam(330, 330) +
    `<ellipse cx="400" cy="600" rx="220" ry="34" fill="#d9dee5"/>` +
    `<ellipse cx="400" cy="592" rx="220" ry="34" fill="#fff"/>` +
    `<ellipse cx="400" cy="590" rx="120" ry="16" fill="#eef1f4"/>` +
    `<path d="M520 410C600 400 610 520 510 520" stroke="${p.accentDark}" stroke-width="26" fill="none"/>` +
    `<path d="M260 380L540 380C540 500 500 590 400 590C300 590 260 500 260 380Z" fill="${p.accent}"/>` +
    `<path d="M470 380L540 380C540 500 500 590 400 590C460 560 480 480 470 380Z" fill="${p.accentDark}" opacity=".4"/>` +
    `<ellipse cx="400" cy="380" rx="140" ry="30" fill="${p.accentLight}"/>` +
    `<ellipse cx="400" cy="384" rx="124" ry="22" fill="#6b3e26"/>` +
    `<path d="M400 398C380 384 376 372 388 368C396 366 400 372 400 376C400 372 404 366 412 368C424 372 420 384 400 398Z" fill="#f3dcc0"/>` +
    `<path d="M290 420C296 480 320 530 350 556" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".35"/>`,
};

export const restaurantMotifs = {
  pizza,
  burger,
  noodles,
  "drink-cup": drinkCup,
  soup,
  fries,
  "ice-cream": iceCream,
  skewer,
  "coffee-cup": coffeeCup,
} satisfies Record<string, MotifDrawing>;
