import { type MotifDrawing, NATURAL as N, polar, times } from "./types.ts";

const tire: MotifDrawing = {
  shadow: 220,
  draw: (p) => {
    const cx = 400;
    const cy = 400;
    return (
      `<circle cx="${cx}" cy="${cy}" r="222" fill="${N.rubber}"/>` +
      times(36, (i) => {
        const [x, y] = polar(cx, cy, 214, i * 10);
        return `<rect x="${x - 9}" y="${y - 14}" width="18" height="28" rx="4" transform="rotate(${i * 10} ${x} ${y})" fill="${N.rubberLight}"/>`;
      }) +
      `<circle cx="${cx}" cy="${cy}" r="190" fill="${N.rubberLight}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="150" fill="${N.steelDark}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="140" fill="${N.steel}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="122" fill="#4a4f57"/>` +
      `<path d="M${cx + 20} ${cy - 110}A110 110 0 0 1 ${cx + 110} ${cy + 20}L${cx + 76} ${cy + 14}A76 76 0 0 0 ${cx + 14} ${cy - 76}Z" fill="${p.accent}"/>` +
      times(5, (i) => {
        const a = i * 72 - 90;
        const [x1, y1] = polar(cx, cy, 40, a);
        const [x2, y2] = polar(cx, cy, 128, a);
        return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${N.steelLight}" stroke-width="34" stroke-linecap="round"/>`;
      }) +
      `<circle cx="${cx}" cy="${cy}" r="48" fill="${N.steelLight}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="22" fill="${N.steelDark}"/>` +
      times(5, (i) => {
        const [x, y] = polar(cx, cy, 34, i * 72 - 54);
        return `<circle cx="${x}" cy="${y}" r="6" fill="${N.steelDark}"/>`;
      }) +
      `<path d="M250 260C290 220 340 200 390 196" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".15"/>`
    );
  },
};

const brakeDisc: MotifDrawing = {
  shadow: 220,
  draw: (p) =>
    `<circle cx="400" cy="410" r="220" fill="${N.steelDark}"/>` +
    `<circle cx="400" cy="404" r="216" fill="${N.steel}"/>` +
    `<circle cx="400" cy="404" r="196" fill="none" stroke="#b4bbc4" stroke-width="6"/>` +
    times(3, (ring) =>
      times(12, (i) => {
        const [x, y] = polar(400, 404, 130 + ring * 30, i * 30 + ring * 10);
        return `<circle cx="${x}" cy="${y}" r="8" fill="#6f7782"/>`;
      }),
    ) +
    `<circle cx="400" cy="404" r="100" fill="${N.steelDark}"/>` +
    `<circle cx="400" cy="404" r="90" fill="${N.steelLight}"/>` +
    `<circle cx="400" cy="404" r="36" fill="#6f7782"/>` +
    times(5, (i) => {
      const [x, y] = polar(400, 404, 62, i * 72 - 90);
      return `<circle cx="${x}" cy="${y}" r="11" fill="#6f7782"/>`;
    }) +
    `<path d="M560 220C640 290 660 400 630 480L560 450C580 400 570 330 520 280Z" fill="${p.accentDark}"/>` +
    `<path d="M556 226C630 294 646 394 620 470L566 446C584 398 574 334 528 286Z" fill="${p.accent}"/>` +
    `<rect x="584" y="310" width="16" height="90" rx="8" fill="#fff" opacity=".35"/>` +
    `<path d="M260 250C300 220 340 206 380 204" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".5"/>`,
};

const sparkPlug: MotifDrawing = {
  shadow: 170,
  draw: (p) =>
    `<g transform="rotate(32 400 420)">` +
    `<rect x="376" y="140" width="48" height="44" rx="8" fill="${N.steelDark}"/>` +
    `<rect x="384" y="180" width="32" height="20" fill="${N.steel}"/>` +
    `<path d="M362 200L438 200L446 380L354 380Z" fill="#f6f7f9"/>` +
    `<path d="M410 200L438 200L446 380L420 380Z" fill="#dfe3e8"/>` +
    times(4, (i) => `<rect x="352" y="${222 + i * 30}" width="96" height="10" rx="5" fill="#e4e7eb"/>`) +
    `<rect x="354" y="326" width="92" height="22" fill="${p.accent}"/>` +
    `<path d="M336 380L464 380L470 452L330 452Z" fill="${N.steelDark}"/>` +
    `<path d="M370 380L430 380L432 452L368 452Z" fill="${N.steel}"/>` +
    `<rect x="356" y="452" width="88" height="110" fill="${N.steel}"/>` +
    times(
      7,
      (i) => `<path d="M356 ${462 + i * 14}L444 ${470 + i * 14}" stroke="${N.steelDark}" stroke-width="5"/>`,
    ) +
    `<rect x="392" y="562" width="16" height="30" fill="${N.steelDark}"/>` +
    `<path d="M376 600L420 600L420 584" stroke="${N.steelDark}" stroke-width="10" fill="none" stroke-linejoin="round"/>` +
    `</g>`,
};

const oilCan: MotifDrawing = {
  shadow: 200,
  draw: (p) =>
    `<path d="M270 300C270 270 290 250 320 250L420 250L520 290C530 294 536 304 536 316L536 590C536 606 524 618 508 618L298 618C282 618 270 606 270 590Z" fill="${p.accent}"/>` +
    `<path d="M470 270L520 290C530 294 536 304 536 316L536 590C536 606 524 618 508 618L480 618C500 560 500 360 470 270Z" fill="${p.accentDark}" opacity=".5"/>` +
    `<path d="M300 270L300 330C300 350 330 350 330 330L330 300L400 300L400 270Z" fill="${p.accentDark}"/>` +
    `<rect x="448" y="212" width="64" height="50" rx="10" fill="${N.ink}"/>` +
    `<rect x="456" y="236" width="48" height="8" rx="4" fill="#4b5058"/>` +
    `<rect x="296" y="390" width="214" height="170" rx="16" fill="#fff"/>` +
    `<path d="M403 416C430 452 444 474 444 494C444 518 426 534 403 534C380 534 362 518 362 494C362 474 376 452 403 416Z" fill="#e0a526"/>` +
    `<ellipse cx="388" cy="490" rx="8" ry="14" fill="#fff" opacity=".5"/>` +
    `<rect x="516" y="340" width="10" height="220" rx="5" fill="#fff" opacity=".35"/>`,
};

const battery: MotifDrawing = {
  shadow: 220,
  draw: (p) =>
    `<rect x="270" y="290" width="56" height="44" rx="8" fill="#d62839"/>` +
    `<rect x="474" y="290" width="56" height="44" rx="8" fill="${N.ink}"/>` +
    `<rect x="210" y="320" width="380" height="60" rx="14" fill="#40464c"/>` +
    `<rect x="220" y="360" width="360" height="256" rx="18" fill="#2f3438"/>` +
    `<rect x="220" y="420" width="360" height="110" fill="${p.accent}"/>` +
    `<path d="M520 360L580 360L580 598C580 608 572 616 562 616L520 616Z" fill="#000" opacity=".18"/>` +
    `<path d="M282 398L314 398M298 382L298 414" stroke="#fff" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M486 398L518 398" stroke="#fff" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M410 440L370 484L400 484L386 514L432 466L402 466L414 440Z" fill="#fff"/>`,
};

const headlight: MotifDrawing = {
  shadow: 240,
  draw: (p) =>
    times(
      3,
      (i) =>
        `<path d="M600 ${360 + i * 50}L720 ${320 + i * 70}" stroke="#ffe9a8" stroke-width="16" stroke-linecap="round" opacity=".9"/>`,
    ) +
    `<path d="M170 470C170 360 260 300 380 300L560 300C610 300 640 340 630 390L610 500C600 560 560 590 500 590L250 590C200 590 170 540 170 470Z" fill="#3b4048"/>` +
    `<path d="M196 470C196 372 272 322 380 322L556 322C596 322 616 352 608 392L590 494C582 540 550 566 500 566L254 566C216 566 196 530 196 470Z" fill="${N.glass}"/>` +
    `<circle cx="300" cy="450" r="80" fill="${N.steel}"/><circle cx="300" cy="450" r="62" fill="${N.steelLight}"/>` +
    `<circle cx="300" cy="450" r="30" fill="#fff6d6"/><circle cx="300" cy="450" r="14" fill="#ffd54f"/>` +
    `<circle cx="480" cy="440" r="64" fill="${N.steel}"/><circle cx="480" cy="440" r="50" fill="${N.steelLight}"/>` +
    `<circle cx="480" cy="440" r="22" fill="#fff6d6"/><circle cx="480" cy="440" r="10" fill="#ffd54f"/>` +
    `<path d="M230 536L560 536" stroke="${p.accent}" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M240 370C280 340 330 334 380 334" stroke="#fff" stroke-width="12" fill="none" stroke-linecap="round" opacity=".8"/>`,
};

const filter: MotifDrawing = {
  shadow: 160,
  draw: (p) =>
    `<rect x="284" y="300" width="232" height="300" fill="${p.accent}"/>` +
    `<ellipse cx="400" cy="600" rx="116" ry="24" fill="${p.accentDark}"/>` +
    `<path d="M450 300L516 300L516 600C500 612 470 620 450 622Z" fill="${p.accentDark}" opacity=".45"/>` +
    times(
      9,
      (i) =>
        `<rect x="${296 + i * 24}" y="520" width="10" height="90" rx="5" fill="${p.accentDark}" opacity=".55"/>`,
    ) +
    `<rect x="298" y="380" width="170" height="110" rx="10" fill="#fff"/>` +
    `<rect x="318" y="404" width="100" height="14" rx="7" fill="${p.accent}"/>` +
    `<rect x="318" y="432" width="130" height="10" rx="5" fill="#cfd5dc"/>` +
    `<rect x="318" y="454" width="80" height="10" rx="5" fill="#cfd5dc"/>` +
    `<ellipse cx="400" cy="300" rx="118" ry="36" fill="${N.steelDark}"/>` +
    `<ellipse cx="400" cy="294" rx="116" ry="34" fill="${N.steel}"/>` +
    times(8, (i) => {
      const [x, y] = polar(400, 294, 76, i * 45);
      return `<ellipse cx="${x}" cy="${294 + (y - 294) * 0.3}" rx="11" ry="5" fill="#6f7782"/>`;
    }) +
    `<ellipse cx="400" cy="294" rx="34" ry="11" fill="#6f7782"/><ellipse cx="400" cy="292" rx="22" ry="6" fill="#4a4f57"/>`,
};

const wiper: MotifDrawing = {
  shadow: 240,
  draw: (p) =>
    `<g transform="rotate(-28 400 440)">` +
    `<rect x="160" y="452" width="480" height="18" rx="9" fill="${N.rubber}"/>` +
    `<path d="M170 452L630 452L600 420L200 420Z" fill="#3f444b"/>` +
    `<path d="M250 420L400 384L550 420" stroke="#3f444b" stroke-width="16" fill="none" stroke-linejoin="round"/>` +
    `<path d="M400 376L660 336" stroke="${N.ink}" stroke-width="22" stroke-linecap="round"/>` +
    `<rect x="372" y="362" width="60" height="30" rx="8" fill="${p.accent}"/>` +
    `<circle cx="668" cy="334" r="30" fill="${N.ink}"/><circle cx="668" cy="334" r="14" fill="${p.accent}"/>` +
    `<path d="M210 430L590 430" stroke="#fff" stroke-width="4" opacity=".25"/>` +
    `</g>`,
};

const wrench: MotifDrawing = {
  shadow: 240,
  draw: (p) =>
    `<g transform="rotate(-38 400 430)">` +
    `<rect x="210" y="406" width="380" height="48" rx="20" fill="${N.steel}"/>` +
    `<rect x="250" y="416" width="300" height="12" rx="6" fill="${N.steelLight}"/>` +
    // Ring end: a circle with a hexagonal hole (even-odd fill leaves the hole empty).
    `<path d="M122 430a78 78 0 1 0 156 0a78 78 0 1 0-156 0ZM168 430l16-28h32l16 28l-16 28h-32Z" fill="${N.steel}" fill-rule="evenodd"/>` +
    // Open end: a disc with a straight-sided jaw cut into its far side.
    `<path d="M686 408L610 408L610 452L686 452A70 70 0 1 1 686 408Z" fill="${N.steel}"/>` +
    `<path d="M580 380A70 70 0 0 1 650 364" stroke="${N.steelLight}" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `</g>` +
    `<g transform="rotate(40 400 430)">` +
    `<rect x="230" y="414" width="200" height="34" rx="10" fill="${N.steel}"/>` +
    `<path d="M190 431L230 416L230 446Z" fill="${N.steelDark}"/>` +
    `<rect x="420" y="396" width="200" height="70" rx="30" fill="${p.accent}"/>` +
    times(
      3,
      (i) =>
        `<rect x="${460 + i * 40}" y="404" width="14" height="54" rx="7" fill="${p.accentDark}" opacity=".5"/>`,
    ) +
    `</g>`,
};

export const carpartsMotifs = {
  tire,
  "brake-disc": brakeDisc,
  "spark-plug": sparkPlug,
  "oil-can": oilCan,
  battery,
  headlight,
  filter,
  wiper,
  wrench,
} satisfies Record<string, MotifDrawing>;
