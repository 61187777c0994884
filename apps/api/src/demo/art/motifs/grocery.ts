import { hsl } from "../color.ts";
import { type MotifDrawing, NATURAL as N, polar, times } from "./types.ts";

/**
 * Fruit that really comes in several colours follows the hue when it lands in a natural range
 * (a hue of 90 gives a green apple), and falls back to its usual colour otherwise.
 */
function fruitColour(hue: number, fallbackHue: number): { body: string; shade: string } {
  const h = hue >= 40 && hue <= 130 ? Math.max(hue, 52) : hue <= 20 || hue >= 340 ? hue : fallbackHue;
  const saturation = h >= 52 && h <= 130 ? 62 : 72;
  return { body: hsl(h, saturation, 54), shade: hsl(h, saturation, 42) };
}

const leafShape = (x: number, y: number, angle: number, size = 1): string =>
  `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${size})">` +
  `<path d="M0 0C26-34 84-40 118-20C92 14 40 26 0 0Z" fill="${N.leaf}"/>` +
  `<path d="M6-2C40-16 76-20 108-20" stroke="${N.leafDark}" stroke-width="5" fill="none" stroke-linecap="round"/></g>`;

const gloss = (cx: number, cy: number, rx: number, ry: number, angle: number, opacity = 0.35): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" transform="rotate(${angle} ${cx} ${cy})" fill="#fff" opacity="${opacity}"/>`;

const apple: MotifDrawing = {
  shadow: 170,
  draw: (p) => {
    const c = fruitColour(p.hue, 356);
    return (
      `<path d="M400 296C350 250 236 262 232 392C228 508 318 626 400 598C482 626 572 508 568 392C564 262 450 250 400 296Z" fill="${c.body}"/>` +
      `<path d="M472 282C540 294 570 344 568 392C572 508 482 626 400 598C472 584 528 516 538 420C546 352 520 304 472 282Z" fill="${c.shade}"/>` +
      gloss(312, 390, 30, 62, 18) +
      `<path d="M398 304C394 272 402 242 420 222" stroke="#6b4423" stroke-width="15" fill="none" stroke-linecap="round"/>` +
      leafShape(418, 250, -14, 0.9)
    );
  },
};

const banana: MotifDrawing = {
  shadow: 200,
  draw: () => {
    const one = (dx: number, dy: number, angle: number) =>
      `<g transform="translate(${dx} ${dy}) rotate(${angle} 400 420)">` +
      `<path d="M232 262C214 432 340 580 566 566C600 564 612 544 592 530C410 522 300 436 282 268C280 246 236 242 232 262Z" fill="#f7d046"/>` +
      `<path d="M232 262C214 432 340 580 566 566C600 564 612 544 592 530C568 548 540 552 512 550C352 540 250 440 244 300Z" fill="#e3b32a"/>` +
      `<path d="M284 300C300 420 380 500 520 526" stroke="#fbe58a" stroke-width="10" fill="none" stroke-linecap="round" opacity=".8"/>` +
      `<rect x="234" y="226" width="44" height="52" rx="12" fill="#7a8b3a"/>` +
      `<circle cx="598" cy="538" r="12" fill="#5b4020"/></g>`;
    return one(-10, 40, 6) + one(20, -10, -4);
  },
};

const orange: MotifDrawing = {
  shadow: 230,
  draw: () =>
    `<circle cx="360" cy="448" r="165" fill="#e57a12"/>` +
    `<circle cx="350" cy="436" r="153" fill="#f7931e"/>` +
    times(9, (i) => {
      const [x, y] = polar(350, 440, 60 + (i % 3) * 38, i * 41);
      return `<circle cx="${x}" cy="${y}" r="4" fill="#d96f0c" opacity=".45"/>`;
    }) +
    gloss(292, 372, 34, 58, 35) +
    `<path d="M354 284C352 268 356 256 364 246" stroke="#6b4423" stroke-width="12" fill="none" stroke-linecap="round"/>` +
    leafShape(362, 262, -24, 0.8) +
    `<circle cx="556" cy="540" r="98" fill="#f7931e"/>` +
    `<circle cx="556" cy="540" r="86" fill="#fff1d6"/>` +
    `<circle cx="556" cy="540" r="76" fill="#ffab3d"/>` +
    times(9, (i) => {
      const [x, y] = polar(556, 540, 74, i * 40);
      return `<line x1="556" y1="540" x2="${x}" y2="${y}" stroke="#fff1d6" stroke-width="5"/>`;
    }) +
    `<circle cx="556" cy="540" r="10" fill="#fff1d6"/>`,
};

const grapes: MotifDrawing = {
  shadow: 150,
  draw: (p) => {
    const green = p.hue >= 50 && p.hue <= 140;
    const body = green ? "#a5c94a" : "#7b3f9e";
    const shade = green ? "#7f9f2e" : "#5a2a7a";
    const rows = [
      [330, 370, 410, 450, 490],
      [350, 390, 430, 470],
      [330, 370, 410, 450],
      [350, 390, 430],
      [370, 410],
      [390],
    ];
    const berries = rows
      .map((xs, r) =>
        xs
          .map((x) => {
            const y = 330 + r * 52;
            return (
              `<circle cx="${x}" cy="${y}" r="34" fill="${shade}"/>` +
              `<circle cx="${x - 3}" cy="${y - 3}" r="30" fill="${body}"/>` +
              `<ellipse cx="${x - 12}" cy="${y - 14}" rx="7" ry="10" fill="#fff" opacity=".4"/>`
            );
          })
          .join(""),
      )
      .join("");
    return (
      `<path d="M410 300C412 262 420 232 440 212" stroke="#6b4423" stroke-width="13" fill="none" stroke-linecap="round"/>` +
      leafShape(430, 244, -28, 1.1) +
      berries
    );
  },
};

const strawberry: MotifDrawing = {
  shadow: 160,
  draw: () => {
    const seeds = times(16, (i) => {
      const x = 300 + (i % 4) * 62 + (Math.floor(i / 4) % 2) * 30;
      const y = 370 + Math.floor(i / 4) * 55;
      const inside = Math.abs(x - 400) < 150 - (y - 370) * 0.45;
      return inside ? `<ellipse cx="${x}" cy="${y}" rx="6" ry="9" fill="#ffd98a"/>` : "";
    });
    return (
      `<path d="M400 308C300 282 226 344 246 438C266 530 350 606 400 614C450 606 534 530 554 438C574 344 500 282 400 308Z" fill="#e5383b"/>` +
      `<path d="M470 298C536 312 570 366 554 438C534 530 450 606 400 614C460 580 520 508 530 430C538 370 514 322 470 298Z" fill="#c62a30"/>` +
      gloss(310, 400, 22, 48, 22, 0.3) +
      seeds +
      `<path d="M400 322L340 300L366 286L312 262L378 268L382 240L410 264L450 236L446 272L500 270L456 296L476 318Z" fill="${N.leaf}"/>` +
      `<path d="M404 280C404 256 410 236 424 222" stroke="${N.leafDark}" stroke-width="11" fill="none" stroke-linecap="round"/>`
    );
  },
};

const carrot: MotifDrawing = {
  shadow: 210,
  draw: () => {
    const one = (dx: number, angle: number) =>
      `<g transform="translate(${dx} 0) rotate(${angle} 400 430)">` +
      `<path d="M400 238C378 200 352 176 330 168M400 238C396 196 400 168 408 142M400 238C420 200 446 182 472 176" stroke="${N.leaf}" stroke-width="14" fill="none" stroke-linecap="round"/>` +
      `<path d="M346 252C346 228 454 228 454 252C454 332 420 522 404 630C402 640 398 640 396 630C380 522 346 332 346 252Z" fill="#f28c28"/>` +
      `<path d="M420 240C440 244 454 248 454 252C454 332 420 522 404 630C402 640 398 640 396 630C410 540 428 380 420 240Z" fill="#dc7418"/>` +
      `<path d="M360 310L386 314M392 380L420 384M368 440L390 442M398 512L414 514" stroke="#c8661a" stroke-width="6" stroke-linecap="round"/></g>`;
    return one(-60, -32) + one(70, -18);
  },
};

const tomato: MotifDrawing = {
  shadow: 210,
  draw: () =>
    `<path d="M380 296C260 290 200 370 206 460C212 560 300 620 390 618C480 620 572 566 576 462C580 362 506 296 380 296Z" fill="#c92f35"/>` +
    `<path d="M376 292C262 290 212 364 218 452C224 542 298 598 382 596C470 598 542 544 546 452C550 360 486 292 376 292Z" fill="#e63946"/>` +
    `<path d="M380 320C350 360 340 430 360 540" stroke="#d1323d" stroke-width="8" fill="none" opacity=".6"/>` +
    gloss(278, 400, 26, 54, 24) +
    `<path d="M384 318L330 312L362 296L324 268L384 284L392 250L414 282L462 262L432 296L482 312L420 320Z" fill="${N.leaf}"/>` +
    `<path d="M392 292C392 270 398 254 410 242" stroke="${N.leafDark}" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<circle cx="576" cy="566" r="54" fill="#c92f35"/><circle cx="570" cy="560" r="48" fill="#e63946"/>` +
    gloss(552, 546, 10, 18, 24) +
    `<path d="M570 516L552 508L566 502L560 488L576 498L590 488L586 504L598 510Z" fill="${N.leaf}"/>`,
};

const leafGreens: MotifDrawing = {
  shadow: 180,
  draw: (p) => {
    const leaf = (angle: number, length: number, tone: string, edge: string) =>
      `<g transform="rotate(${angle} 400 600)">` +
      `<path d="M400 600C330 560 300 ${600 - length * 0.6} 340 ${600 - length * 0.92}C360 ${600 - length * 1.04} 440 ${600 - length * 1.04} 460 ${600 - length * 0.92}C500 ${600 - length * 0.6} 470 560 400 600Z" fill="${edge}"/>` +
      `<path d="M400 596C346 560 322 ${600 - length * 0.6} 352 ${600 - length * 0.88}C370 ${600 - length * 0.98} 430 ${600 - length * 0.98} 448 ${600 - length * 0.88}C478 ${600 - length * 0.6} 454 560 400 596Z" fill="${tone}"/>` +
      `<path d="M400 598L400 ${600 - length * 0.9}" stroke="#e8f6d8" stroke-width="9" stroke-linecap="round"/>` +
      times(3, (i) => {
        const y = 600 - length * (0.3 + i * 0.2);
        return `<path d="M400 ${y}L362 ${y - 34}M400 ${y}L438 ${y - 34}" stroke="#e8f6d8" stroke-width="4" stroke-linecap="round" opacity=".8"/>`;
      }) +
      `</g>`;
    return (
      leaf(-38, 290, N.leafLight, N.leaf) +
      leaf(38, 290, N.leafLight, N.leaf) +
      leaf(-16, 350, "#7cc04f", N.leafDark) +
      leaf(16, 350, "#7cc04f", N.leafDark) +
      leaf(0, 380, N.leafLight, N.leaf) +
      `<rect x="370" y="540" width="60" height="36" rx="10" fill="${p.accent}"/>` +
      `<rect x="370" y="540" width="60" height="12" rx="6" fill="${p.accentLight}"/>`
    );
  },
};

const bread: MotifDrawing = {
  shadow: 230,
  draw: () =>
    `<path d="M196 600L196 440C196 330 280 290 376 290C472 290 556 330 556 440L556 600Z" fill="${N.crustDark}"/>` +
    `<path d="M196 600L196 440C196 340 270 300 366 300C462 300 536 340 536 440L536 600Z" fill="${N.crust}"/>` +
    `<path d="M256 360C290 340 320 332 352 328M300 400C340 372 380 362 420 360M370 330C404 322 440 322 470 330" stroke="#e8b872" stroke-width="12" fill="none" stroke-linecap="round"/>` +
    `<path d="M196 600L196 560L556 560L556 600Z" fill="${N.crustDark}" opacity=".5"/>` +
    `<g transform="rotate(8 560 520)"><path d="M470 612L470 470C470 420 506 394 556 394C606 394 642 420 642 470L642 612Z" fill="${N.crust}"/>` +
    `<path d="M484 612L484 474C484 432 514 410 556 410C598 410 628 432 628 474L628 612Z" fill="${N.crumb}"/>` +
    times(
      6,
      (i) => `<circle cx="${512 + (i % 3) * 36}" cy="${470 + Math.floor(i / 3) * 60}" r="5" fill="#e6c48c"/>`,
    ) +
    `</g>`,
};

const croissant: MotifDrawing = {
  shadow: 240,
  draw: () => {
    // Outer segments first so each inner, larger one overlaps its neighbours like rolled dough.
    const segments: [number, number, number, number, number][] = [
      [186, 566, 30, 22, -68],
      [614, 566, 30, 22, 68],
      [228, 512, 50, 42, -48],
      [572, 512, 50, 42, 48],
      [300, 458, 72, 62, -24],
      [500, 458, 72, 62, 24],
      [400, 432, 96, 84, 0],
    ];
    return segments
      .map(
        ([cx, cy, rx, ry, a]) =>
          `<g transform="rotate(${a} ${cx} ${cy})">` +
          `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#b8702a"/>` +
          `<ellipse cx="${cx}" cy="${cy - ry * 0.12}" rx="${rx * 0.94}" ry="${ry * 0.86}" fill="#de9c45"/>` +
          `<path d="M${cx - rx * 0.55} ${cy - ry * 0.45}C${cx - rx * 0.2} ${cy - ry * 0.72} ${cx + rx * 0.2} ${cy - ry * 0.72} ${cx + rx * 0.55} ${cy - ry * 0.45}" stroke="#f4cd86" stroke-width="${Math.max(5, rx / 8)}" fill="none" stroke-linecap="round"/>` +
          `<path d="M${cx - rx * 0.8} ${cy + ry * 0.35}C${cx - rx * 0.3} ${cy + ry * 0.7} ${cx + rx * 0.3} ${cy + ry * 0.7} ${cx + rx * 0.8} ${cy + ry * 0.35}" stroke="#a9621f" stroke-width="${Math.max(4, rx / 12)}" fill="none" stroke-linecap="round" opacity=".6"/>` +
          `</g>`,
      )
      .join("");
  },
};

const milkBottle: MotifDrawing = {
  shadow: 140,
  draw: (p) =>
    `<path d="M362 206L438 206L438 266C438 306 512 322 512 384L512 590C512 606 500 618 484 618L316 618C300 618 288 606 288 590L288 384C288 322 362 306 362 266Z" fill="#f4f7fa"/>` +
    `<path d="M438 266C438 306 512 322 512 384L512 590C512 606 500 618 484 618L440 618C462 600 470 560 470 520L470 380C470 330 438 300 438 266Z" fill="#dde5ee"/>` +
    `<rect x="350" y="178" width="100" height="42" rx="10" fill="${p.accent}"/>` +
    `<rect x="350" y="178" width="100" height="14" rx="7" fill="${p.accentLight}"/>` +
    `<rect x="288" y="420" width="224" height="110" fill="${p.accent}"/>` +
    `<path d="M400 446C420 474 430 488 430 500C430 518 416 528 400 528C384 528 370 518 370 500C370 488 380 474 400 446Z" fill="#fff"/>` +
    `<rect x="306" y="300" width="18" height="100" rx="9" fill="#fff" opacity=".9"/>`,
};

const cheese: MotifDrawing = {
  shadow: 230,
  draw: () =>
    `<path d="M196 430L560 326L620 430Z" fill="#ffd77a"/>` +
    `<path d="M196 430L620 430L620 600L196 600Z" fill="#f4b942"/>` +
    `<path d="M560 326L620 430L620 600L604 600L604 436Z" fill="#e3a233" opacity=".7"/>` +
    `<ellipse cx="420" cy="392" rx="26" ry="10" fill="#eab444"/><ellipse cx="520" cy="382" rx="16" ry="6" fill="#eab444"/>` +
    `<circle cx="270" cy="500" r="30" fill="#dc9a2c"/><circle cx="370" cy="560" r="18" fill="#dc9a2c"/>` +
    `<circle cx="470" cy="480" r="38" fill="#dc9a2c"/><circle cx="565" cy="555" r="22" fill="#dc9a2c"/>` +
    `<circle cx="330" cy="455" r="12" fill="#dc9a2c"/>` +
    `<path d="M196 430L620 430" stroke="#ffe6a6" stroke-width="6"/>`,
};

const egg: MotifDrawing = {
  shadow: 240,
  draw: (p) => {
    const shell = (x: number, y: number, tone: string) =>
      `<ellipse cx="${x}" cy="${y}" rx="52" ry="66" fill="${tone}"/>` +
      `<ellipse cx="${x - 18}" cy="${y - 22}" rx="12" ry="20" fill="#fff" opacity=".5"/>`;
    return (
      `<path d="M206 470L240 330L560 330L594 470Z" fill="${p.accentLight}"/>` +
      `<path d="M240 330L560 330L552 350L248 350Z" fill="${p.accent}" opacity=".4"/>` +
      shell(270, 450, "#f2d2ad") +
      shell(356, 440, "#f7e6cf") +
      shell(444, 440, "#f2d2ad") +
      shell(530, 450, "#f7e6cf") +
      `<path d="M196 470C230 500 270 500 290 470C320 500 360 500 390 470C420 500 460 500 490 470C520 500 560 500 604 470L590 610L210 610Z" fill="${p.accent}"/>` +
      `<path d="M210 560L590 560L590 610L210 610Z" fill="${p.accentDark}" opacity=".35"/>` +
      shell(620, 560, "#f2d2ad")
    );
  },
};

const fish: MotifDrawing = {
  shadow: 230,
  draw: () =>
    `<path d="M560 444L648 372C660 364 670 372 666 386L640 450L666 514C670 528 660 536 648 528L560 456Z" fill="#5d8db8"/>` +
    `<path d="M172 450C240 340 430 320 568 440C430 560 240 560 172 450Z" fill="#8fb4d6"/>` +
    `<path d="M172 450C240 560 430 560 568 440C520 470 300 500 172 450Z" fill="#d6e5f1"/>` +
    `<path d="M280 372C340 330 420 330 470 360C420 372 340 380 280 372Z" fill="#5d8db8"/>` +
    `<path d="M330 520C360 560 400 566 430 556C410 536 370 524 330 520Z" fill="#5d8db8"/>` +
    `<path d="M270 400C250 430 250 470 270 500" stroke="#5d8db8" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<circle cx="226" cy="434" r="18" fill="#fff"/><circle cx="222" cy="434" r="10" fill="${N.ink}"/>` +
    times(
      5,
      (i) => `<path d="M${320 + i * 42} 430l18 14l-18 14" stroke="#b6cde2" stroke-width="5" fill="none"/>`,
    ),
};

const coffeeBag: MotifDrawing = {
  shadow: 200,
  draw: (p) => {
    const bean = (x: number, y: number, a: number, size = 1) =>
      `<g transform="translate(${x} ${y}) rotate(${a}) scale(${size})"><ellipse rx="22" ry="15" fill="#6b3e26"/>` +
      `<path d="M-18 0C-6-8 6 8 18 0" stroke="#3e2416" stroke-width="4" fill="none"/></g>`;
    return (
      `<path d="M272 244L528 244L548 598C548 610 540 618 528 618L272 618C260 618 252 610 252 598Z" fill="${p.accentDark}"/>` +
      `<path d="M460 244L528 244L548 598C548 610 540 618 528 618L488 618C500 560 486 360 460 244Z" fill="#000" opacity=".15"/>` +
      `<rect x="262" y="206" width="276" height="50" rx="6" fill="${p.accent}"/>` +
      times(
        13,
        (i) =>
          `<rect x="${274 + i * 20}" y="214" width="8" height="34" rx="3" fill="${p.accentDark}" opacity=".35"/>`,
      ) +
      `<circle cx="400" cy="300" r="16" fill="${p.accent}"/><circle cx="400" cy="300" r="6" fill="${p.accentDark}"/>` +
      `<rect x="300" y="360" width="200" height="170" rx="18" fill="${N.cream}"/>` +
      bean(400, 430, -30, 2) +
      `<rect x="330" y="488" width="140" height="12" rx="6" fill="${p.accent}"/>` +
      bean(580, 606, 20) +
      bean(616, 592, -40) +
      bean(210, 604, 10)
    );
  },
};

const juice: MotifDrawing = {
  shadow: 230,
  draw: (p) =>
    `<path d="M240 330L340 330L340 612L240 612Z" fill="${p.accent}"/>` +
    `<path d="M340 330L384 300L384 590L340 612Z" fill="${p.accentDark}"/>` +
    `<path d="M240 330L290 250L340 330Z" fill="${p.accentLight}"/>` +
    `<path d="M290 250L334 222L384 300L340 330Z" fill="${p.accent}"/>` +
    `<rect x="300" y="244" width="22" height="26" rx="6" fill="#fff"/>` +
    `<circle cx="290" cy="460" r="36" fill="#fff"/><circle cx="290" cy="460" r="28" fill="${p.accentLight}"/>` +
    times(6, (i) => {
      const [x, y] = polar(290, 460, 28, i * 60);
      return `<line x1="290" y1="460" x2="${x}" y2="${y}" stroke="#fff" stroke-width="4"/>`;
    }) +
    `<path d="M440 380L588 380L572 612L456 612Z" fill="${N.glass}" opacity=".95"/>` +
    `<path d="M446 430L582 430L572 612L456 612Z" fill="${p.accent}"/>` +
    `<path d="M446 430L582 430L580 452L448 452Z" fill="${p.accentLight}"/>` +
    `<rect x="462" y="400" width="14" height="190" rx="7" fill="#fff" opacity=".5"/>` +
    `<path d="M540 440L580 300L600 300" stroke="#ffffff" stroke-width="12" fill="none" stroke-linecap="round"/>`,
};

const honeyJar: MotifDrawing = {
  shadow: 190,
  draw: (p) =>
    `<rect x="276" y="322" width="248" height="296" rx="56" fill="#e8961a"/>` +
    `<rect x="276" y="322" width="224" height="286" rx="52" fill="#f5b335"/>` +
    `<rect x="300" y="350" width="26" height="200" rx="13" fill="#fff" opacity=".35"/>` +
    `<path d="M262 306C262 270 538 270 538 306L538 336L262 336Z" fill="${p.accent}"/>` +
    `<path d="M252 300C280 240 520 240 548 300C520 316 500 296 480 314C456 296 430 318 400 302C370 318 344 296 320 314C300 296 280 316 252 300Z" fill="${p.accentLight}"/>` +
    `<rect x="258" y="318" width="284" height="16" rx="8" fill="${p.accentDark}"/>` +
    `<rect x="320" y="420" width="160" height="120" rx="18" fill="${N.cream}"/>` +
    times(3, (i) => {
      const cx = 370 + i * 30;
      const cy = i === 1 ? 465 : 490;
      return `<path d="M${cx - 15} ${cy - 9}L${cx} ${cy - 18}L${cx + 15} ${cy - 9}L${cx + 15} ${cy + 9}L${cx} ${cy + 18}L${cx - 15} ${cy + 9}Z" fill="#f5b335"/>`;
    }) +
    `<g transform="rotate(28 590 470)"><rect x="580" y="300" width="18" height="220" rx="9" fill="${N.wood}"/>` +
    `<rect x="562" y="500" width="54" height="80" rx="20" fill="${N.woodDark}"/>` +
    times(
      3,
      (i) => `<rect x="560" y="${512 + i * 22}" width="58" height="8" rx="4" fill="${N.woodLight}"/>`,
    ) +
    `</g>`,
};

const oliveOil: MotifDrawing = {
  shadow: 190,
  draw: (p) =>
    `<path d="M376 214L424 214L424 300C424 330 470 340 470 390L470 596C470 608 460 618 448 618L352 618C340 618 330 608 330 596L330 390C330 340 376 330 376 300Z" fill="#b7ae2e"/>` +
    `<path d="M424 300C424 330 470 340 470 390L470 596C470 608 460 618 448 618L420 618C436 590 440 540 440 500L440 390C440 350 424 330 424 300Z" fill="#8f8a1e"/>` +
    `<rect x="366" y="170" width="68" height="52" rx="8" fill="${N.ink}"/>` +
    `<rect x="330" y="430" width="140" height="120" fill="${p.accentPale}"/>` +
    `<rect x="330" y="430" width="140" height="18" fill="${p.accent}"/><rect x="330" y="532" width="140" height="18" fill="${p.accent}"/>` +
    `<ellipse cx="400" cy="490" rx="16" ry="24" fill="#6f8d2a"/>` +
    `<rect x="344" y="330" width="14" height="90" rx="7" fill="#fff" opacity=".35"/>` +
    leafShape(500, 580, -30, 1) +
    `<ellipse cx="540" cy="598" rx="30" ry="22" fill="#6f8d2a"/><ellipse cx="596" cy="604" rx="28" ry="20" fill="#56701d"/>` +
    `<ellipse cx="532" cy="590" rx="8" ry="5" fill="#fff" opacity=".4"/>`,
};

const riceBag: MotifDrawing = {
  shadow: 230,
  draw: (p) =>
    `<path d="M270 300C250 380 240 520 252 590C256 610 270 618 290 618L510 618C530 618 544 610 548 590C560 520 550 380 530 300Z" fill="#efe3c8"/>` +
    `<path d="M470 300L530 300C550 380 560 520 548 590C544 610 530 618 510 618L470 618C500 540 500 400 470 300Z" fill="#ded0ae"/>` +
    `<path d="M270 300C300 280 330 230 300 200C340 220 380 210 400 190C420 210 460 220 500 200C470 230 500 280 530 300Z" fill="#f6ecd6"/>` +
    `<rect x="282" y="286" width="236" height="22" rx="11" fill="${p.accentDark}"/>` +
    `<rect x="256" y="420" width="288" height="110" fill="${p.accent}"/>` +
    times(7, (i) => {
      const [x, y] = polar(400, 475, 30, i * 51);
      return `<ellipse cx="${x}" cy="${y}" rx="7" ry="14" transform="rotate(${i * 51 + 90} ${x} ${y})" fill="#fff"/>`;
    }) +
    `<path d="M520 540C520 600 560 620 600 620C640 620 680 600 680 540Z" fill="${N.wood}"/>` +
    `<path d="M520 540C526 500 674 500 680 540Z" fill="#fffdf6"/>` +
    times(9, (i) => {
      const x = 548 + (i % 5) * 26 + (Math.floor(i / 5) % 2) * 13;
      const y = 532 - Math.floor(i / 5) * 12;
      return `<ellipse cx="${x}" cy="${y}" rx="8" ry="4" transform="rotate(${(i * 37) % 180} ${x} ${y})" fill="#e9e1cc"/>`;
    }) +
    `<path d="M520 540L680 540" stroke="${N.woodDark}" stroke-width="6" stroke-linecap="round"/>`,
};

const waterBottle: MotifDrawing = {
  shadow: 140,
  draw: (p) =>
    `<path d="M372 214L428 214L428 250C428 280 484 300 484 350L484 600C484 610 476 618 466 618L334 618C324 618 316 610 316 600L316 350C316 300 372 280 372 250Z" fill="#cfe8f6"/>` +
    `<path d="M428 250C428 280 484 300 484 350L484 600C484 610 476 618 466 618L440 618C454 580 456 420 450 350C448 300 428 280 428 250Z" fill="#a9d3ee"/>` +
    times(4, (i) => `<rect x="316" y="${376 + i * 24}" width="168" height="6" rx="3" fill="#b9dcf1"/>`) +
    `<rect x="362" y="176" width="76" height="46" rx="8" fill="${p.accent}"/>` +
    times(
      5,
      (i) =>
        `<rect x="${370 + i * 14}" y="184" width="6" height="30" rx="3" fill="${p.accentDark}" opacity=".4"/>`,
    ) +
    `<rect x="316" y="480" width="168" height="86" fill="${p.accent}"/>` +
    `<path d="M340 530C370 500 430 540 460 510" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<rect x="334" y="330" width="14" height="230" rx="7" fill="#fff" opacity=".6"/>`,
};

export const groceryMotifs = {
  apple,
  banana,
  orange,
  grapes,
  strawberry,
  carrot,
  tomato,
  "leaf-greens": leafGreens,
  bread,
  croissant,
  "milk-bottle": milkBottle,
  cheese,
  egg,
  fish,
  "coffee-bag": coffeeBag,
  juice,
  "honey-jar": honeyJar,
  "olive-oil": oliveOil,
  "rice-bag": riceBag,
  "water-bottle": waterBottle,
} satisfies Record<string, MotifDrawing>;
