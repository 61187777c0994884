import { hsl } from "../color.ts";
import { type MotifDrawing, NATURAL as N, polar, times } from "./types.ts";

const tray: MotifDrawing = {
  shadow: 270,
  draw: (p) => {
    const toppings = ["#e63946", "#ffd166", "#3f7f26", "#2b2f36", "#f4a261", p.accent];
    const canape = (x: number, y: number, i: number) =>
      `<ellipse cx="${x}" cy="${y + 8}" rx="34" ry="14" fill="#c98b45"/>` +
      `<ellipse cx="${x}" cy="${y}" rx="34" ry="14" fill="#e8b96a"/>` +
      `<ellipse cx="${x}" cy="${y - 8}" rx="20" ry="11" fill="${toppings[i % toppings.length]}"/>` +
      `<ellipse cx="${x - 6}" cy="${y - 12}" rx="6" ry="3" fill="#fff" opacity=".45"/>`;
    const spots: [number, number][] = [
      [290, 470],
      [380, 440],
      [470, 445],
      [550, 480],
      [250, 520],
      [340, 520],
      [440, 525],
      [530, 540],
      [320, 580],
      [420, 590],
    ];
    return (
      `<ellipse cx="400" cy="540" rx="290" ry="110" fill="${N.steelDark}"/>` +
      `<ellipse cx="400" cy="528" rx="290" ry="110" fill="${N.steel}"/>` +
      `<ellipse cx="400" cy="528" rx="250" ry="88" fill="${N.steelLight}"/>` +
      `<path d="M200 480C260 450 320 440 380 438" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" opacity=".8"/>` +
      times(5, (i) => {
        const [x, y] = polar(560, 440, 22, i * 72);
        return `<circle cx="${x}" cy="${y - 30}" r="20" fill="#7b3f9e"/><circle cx="${x - 5}" cy="${y - 36}" r="5" fill="#fff" opacity=".4"/>`;
      }) +
      spots.map(([x, y], i) => canape(x, y, i)).join("")
    );
  },
};

const cupcake: MotifDrawing = {
  shadow: 150,
  draw: (p) => {
    const icing = hsl(p.hue + 330, 70, 82);
    const icingShade = hsl(p.hue + 330, 55, 70);
    return (
      `<path d="M292 440L508 440L478 616L322 616Z" fill="${p.accent}"/>` +
      times(6, (i) => {
        const topX = 310 + i * 36;
        const bottomX = 334 + i * 27;
        return `<path d="M${topX} 440L${topX + 18} 440L${bottomX + 14} 616L${bottomX} 616Z" fill="${p.accentDark}" opacity=".45"/>`;
      }) +
      `<path d="M270 446C250 400 300 370 330 380C320 330 380 300 410 330C430 290 500 300 500 350C540 350 560 410 528 446Z" fill="${icingShade}"/>` +
      `<path d="M276 436C258 396 302 372 330 384C322 340 378 310 408 338C428 302 494 312 494 356C530 358 548 404 520 436Z" fill="${icing}"/>` +
      `<path d="M310 260C290 220 340 200 360 220C360 180 430 180 440 220C470 210 500 240 480 270Z" fill="${icing}" transform="translate(0 90)"/>` +
      `<path d="M320 410C360 396 420 396 470 410" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".6"/>` +
      `<circle cx="404" cy="262" r="32" fill="#d62839"/><circle cx="394" cy="252" r="9" fill="#fff" opacity=".5"/>` +
      `<path d="M408 232C412 210 424 196 440 190" stroke="#3f7f26" stroke-width="6" fill="none" stroke-linecap="round"/>` +
      times(8, (i) => {
        const [x, y] = polar(400, 400, 70 + (i % 2) * 40, i * 23 + 190);
        return `<rect x="${x}" y="${y}" width="16" height="6" rx="3" transform="rotate(${i * 47} ${x} ${y})" fill="${["#ffd166", "#06d6a0", "#118ab2", "#ef476f"][i % 4]}"/>`;
      })
    );
  },
};

const sandwich: MotifDrawing = {
  shadow: 250,
  draw: () => {
    // A triangle half seen from its cut face: crust border, crumb, and the filling in bands.
    const half = (dx: number, dy: number, angle: number, id: string) =>
      `<g transform="translate(${dx} ${dy}) rotate(${angle} 400 600)">` +
      `<clipPath id="${id}"><path d="M236 590L564 590L400 292Z"/></clipPath>` +
      `<path d="M206 612L594 612L400 250Z" fill="${N.crust}" stroke="${N.crust}" stroke-width="18" stroke-linejoin="round"/>` +
      `<g clip-path="url(#${id})"><rect x="200" y="280" width="400" height="340" fill="${N.crumb}"/>` +
      `<path d="M200 420C225 396 250 440 275 416C300 392 325 436 350 412C375 388 400 432 425 408C450 384 475 428 500 404C525 380 550 424 575 400L600 400L600 452L200 452Z" fill="#6fb54a"/>` +
      `<rect x="200" y="448" width="400" height="34" fill="#e63946"/>` +
      `<rect x="200" y="482" width="400" height="26" fill="#ffc933"/>` +
      `<rect x="200" y="508" width="400" height="30" fill="#f4a7a0"/>` +
      times(6, (i) => `<circle cx="${300 + i * 40}" cy="${350 + (i % 2) * 24}" r="4" fill="#e6c48c"/>`) +
      `</g>` +
      `<path d="M400 252L400 190" stroke="${N.woodLight}" stroke-width="8" stroke-linecap="round"/>` +
      `<circle cx="400" cy="184" r="18" fill="#3f7f26"/><circle cx="400" cy="184" r="7" fill="#e63946"/>` +
      `</g>`;
    return half(110, -10, 8, "sandwich-back") + half(-70, 0, -4, "sandwich-front");
  },
};

const saladBowl: MotifDrawing = {
  shadow: 230,
  draw: (p) =>
    times(7, (i) => {
      const [x, y] = polar(400, 470, 150, 180 + i * 30);
      return `<ellipse cx="${x}" cy="${y}" rx="70" ry="44" transform="rotate(${i * 30 - 90} ${x} ${y})" fill="${i % 2 ? N.leaf : N.leafLight}"/>`;
    }) +
    `<ellipse cx="400" cy="430" rx="150" ry="60" fill="${N.leafLight}"/>` +
    `<circle cx="330" cy="410" r="30" fill="#e63946"/><circle cx="322" cy="402" r="8" fill="#fff" opacity=".45"/>` +
    `<circle cx="470" cy="400" r="28" fill="#e63946"/><circle cx="462" cy="392" r="7" fill="#fff" opacity=".45"/>` +
    `<circle cx="410" cy="380" r="30" fill="#b9dc8a"/><circle cx="410" cy="380" r="22" fill="#e8f6d8"/>` +
    `<circle cx="520" cy="440" r="26" fill="#b9dc8a"/><circle cx="520" cy="440" r="18" fill="#e8f6d8"/>` +
    `<circle cx="280" cy="450" r="26" fill="#b9dc8a"/><circle cx="280" cy="450" r="18" fill="#e8f6d8"/>` +
    `<rect x="380" y="420" width="26" height="26" rx="4" fill="#ffd166"/><rect x="430" y="440" width="24" height="24" rx="4" fill="#fff3c4"/>` +
    `<path d="M170 470L630 470C630 560 530 620 400 620C270 620 170 560 170 470Z" fill="${p.accent}"/>` +
    `<path d="M520 470L630 470C630 560 530 620 400 620C480 600 530 540 520 470Z" fill="${p.accentDark}" opacity=".5"/>` +
    `<rect x="166" y="462" width="468" height="18" rx="9" fill="${p.accentLight}"/>` +
    `<path d="M230 520C260 560 300 580 340 588" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".35"/>`,
};

const cake: MotifDrawing = {
  shadow: 250,
  draw: (p) => {
    const frosting = hsl(p.hue + 330, 70, 86);
    return (
      `<ellipse cx="400" cy="604" rx="250" ry="36" fill="#e2e6ec"/>` +
      `<ellipse cx="400" cy="596" rx="250" ry="36" fill="#fff"/>` +
      `<path d="M240 390L240 580C240 604 312 620 400 620C488 620 560 604 560 580L560 390Z" fill="${p.accent}"/>` +
      `<path d="M480 390L560 390L560 580C560 604 520 614 480 618Z" fill="${p.accentDark}" opacity=".4"/>` +
      `<rect x="240" y="470" width="320" height="16" fill="${frosting}"/>` +
      `<rect x="240" y="540" width="320" height="16" fill="${frosting}"/>` +
      `<path d="M240 390L240 430C256 450 270 440 276 420C284 460 300 460 308 428C320 446 336 446 344 420C356 470 376 466 382 428C396 452 414 452 420 426C432 460 452 458 458 428C468 446 486 446 494 420C504 456 524 454 530 426C540 444 556 440 560 428L560 390Z" fill="${frosting}"/>` +
      `<ellipse cx="400" cy="390" rx="160" ry="42" fill="${frosting}"/>` +
      `<ellipse cx="370" cy="380" rx="90" ry="16" fill="#fff" opacity=".5"/>` +
      times(5, (i) => {
        const x = 296 + i * 52;
        const y = 378 + (i % 2) * 14;
        return `<circle cx="${x}" cy="${y - 18}" r="20" fill="#d62839"/><circle cx="${x - 6}" cy="${y - 24}" r="6" fill="#fff" opacity=".5"/>`;
      })
    );
  },
};

const cookie: MotifDrawing = {
  shadow: 230,
  draw: () => {
    const chips = (cx: number, cy: number, rx: number, ry: number, seed: number) =>
      times(7, (i) => {
        const [x, y] = polar(cx, cy, (0.2 + ((i * 37 + seed) % 60) / 100) * rx, i * 51 + seed);
        const yy = cy + (y - cy) * (ry / rx);
        return `<ellipse cx="${x}" cy="${yy}" rx="${10 + (i % 3) * 3}" ry="${7 + (i % 2) * 3}" fill="#5a3a22"/>`;
      });
    const flat = (cy: number, seed: number) =>
      `<ellipse cx="360" cy="${cy + 14}" rx="170" ry="52" fill="#b87a3c"/>` +
      `<ellipse cx="360" cy="${cy}" rx="170" ry="52" fill="#d9a05b"/>` +
      chips(360, cy, 150, 44, seed);
    return (
      flat(590, 3) +
      flat(540, 21) +
      flat(490, 40) +
      `<circle cx="530" cy="430" r="132" fill="#b87a3c"/>` +
      `<circle cx="524" cy="424" r="126" fill="#d9a05b"/>` +
      `<path d="M430 360C460 320 520 306 570 320" stroke="#e9bd7f" stroke-width="10" fill="none" stroke-linecap="round"/>` +
      chips(524, 424, 110, 110, 11)
    );
  },
};

export const cateringMotifs = {
  tray,
  cupcake,
  sandwich,
  "salad-bowl": saladBowl,
  cake,
  cookie,
} satisfies Record<string, MotifDrawing>;
