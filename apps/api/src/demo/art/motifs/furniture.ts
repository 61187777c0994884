import { type MotifDrawing, NATURAL as N, times } from "./types.ts";

const woodLeg = (x: number, top: number, bottom: number, width = 16) =>
  `<path d="M${x - width / 2} ${top}L${x + width / 2} ${top}L${x + width / 4} ${bottom}L${x - width / 4} ${bottom}Z" fill="${N.woodDark}"/>`;

const sofa: MotifDrawing = {
  shadow: 270,
  draw: (p) =>
    woodLeg(200, 570, 618) +
    woodLeg(600, 570, 618) +
    `<rect x="190" y="300" width="420" height="200" rx="40" fill="${p.accentDark}"/>` +
    `<rect x="210" y="318" width="184" height="150" rx="30" fill="${p.accent}"/>` +
    `<rect x="406" y="318" width="184" height="150" rx="30" fill="${p.accent}"/>` +
    `<rect x="176" y="540" width="448" height="40" rx="14" fill="${p.accentDark}"/>` +
    `<rect x="212" y="450" width="188" height="96" rx="24" fill="${p.accentLight}"/>` +
    `<rect x="400" y="450" width="188" height="96" rx="24" fill="${p.accentLight}"/>` +
    `<rect x="212" y="450" width="188" height="30" rx="15" fill="#fff" opacity=".25"/>` +
    `<rect x="400" y="450" width="188" height="30" rx="15" fill="#fff" opacity=".25"/>` +
    `<rect x="146" y="390" width="84" height="190" rx="36" fill="${p.accent}"/>` +
    `<rect x="570" y="390" width="84" height="190" rx="36" fill="${p.accent}"/>` +
    `<rect x="146" y="390" width="84" height="40" rx="20" fill="${p.accentLight}" opacity=".6"/>` +
    `<rect x="570" y="390" width="84" height="40" rx="20" fill="${p.accentLight}" opacity=".6"/>` +
    `<rect x="236" y="368" width="110" height="96" rx="22" transform="rotate(-10 291 416)" fill="${N.cream}"/>` +
    `<path d="M250 390L330 440" stroke="#eadfc8" stroke-width="6" transform="rotate(-10 291 416)"/>`,
};

const armchair: MotifDrawing = {
  shadow: 200,
  draw: (p) =>
    woodLeg(270, 560, 618) +
    woodLeg(530, 560, 618) +
    `<path d="M250 470L250 300C250 220 330 190 400 190C470 190 550 220 550 300L550 470Z" fill="${p.accentDark}"/>` +
    `<path d="M276 460L276 306C276 242 340 216 400 216C460 216 524 242 524 306L524 460Z" fill="${p.accent}"/>` +
    `<rect x="250" y="440" width="300" height="90" rx="26" fill="${p.accentLight}"/>` +
    `<rect x="250" y="440" width="300" height="28" rx="14" fill="#fff" opacity=".25"/>` +
    `<rect x="222" y="380" width="70" height="190" rx="30" fill="${p.accent}"/>` +
    `<rect x="508" y="380" width="70" height="190" rx="30" fill="${p.accent}"/>` +
    `<rect x="240" y="520" width="320" height="46" rx="12" fill="${p.accentDark}"/>` +
    times(3, (i) => `<circle cx="${340 + i * 60}" cy="320" r="7" fill="${p.accentDark}"/>`),
};

const chair: MotifDrawing = {
  shadow: 170,
  draw: (p) =>
    `<rect x="300" y="190" width="22" height="428" rx="8" fill="${N.woodDark}"/>` +
    `<rect x="478" y="190" width="22" height="250" rx="8" fill="${N.woodDark}"/>` +
    `<rect x="300" y="200" width="200" height="40" rx="12" fill="${N.wood}"/>` +
    times(3, (i) => `<rect x="${336 + i * 48}" y="240" width="18" height="180" rx="6" fill="${N.wood}"/>`) +
    `<path d="M280 430L520 430L560 480L320 480Z" fill="${N.wood}"/>` +
    `<path d="M292 420L512 420L544 462L326 462Z" fill="${p.accent}"/>` +
    `<path d="M300 430L500 430" stroke="#fff" stroke-width="6" opacity=".3"/>` +
    `<rect x="320" y="480" width="240" height="22" fill="${N.woodDark}"/>` +
    `<rect x="320" y="480" width="22" height="138" rx="6" fill="${N.wood}"/>` +
    `<rect x="538" y="480" width="22" height="138" rx="6" fill="${N.wood}"/>` +
    `<rect x="500" y="440" width="18" height="150" rx="6" fill="${N.woodDark}"/>`,
};

const table: MotifDrawing = {
  shadow: 270,
  draw: (p) =>
    `<path d="M360 360C340 300 330 250 350 200M400 360C400 290 400 240 410 190M440 360C460 300 470 260 460 210" stroke="${N.leafDark}" stroke-width="6" fill="none"/>` +
    `<circle cx="350" cy="200" r="22" fill="${p.accentLight}"/><circle cx="410" cy="186" r="26" fill="${p.accent}"/><circle cx="460" cy="208" r="20" fill="${p.accentLight}"/>` +
    `<circle cx="350" cy="200" r="8" fill="#ffd166"/><circle cx="410" cy="186" r="9" fill="#ffd166"/><circle cx="460" cy="208" r="7" fill="#ffd166"/>` +
    `<path d="M370 340L430 340C450 370 450 410 430 420L370 420C350 410 350 370 370 340Z" fill="${p.accent}"/>` +
    `<path d="M150 420L650 420L610 450L190 450Z" fill="${N.woodLight}"/>` +
    `<rect x="150" y="450" width="500" height="24" rx="4" fill="${N.wood}"/>` +
    `<rect x="190" y="474" width="24" height="144" rx="6" fill="${N.woodDark}"/>` +
    `<rect x="586" y="474" width="24" height="144" rx="6" fill="${N.woodDark}"/>` +
    `<rect x="250" y="474" width="20" height="110" rx="6" fill="${N.wood}" opacity=".7"/>` +
    `<rect x="530" y="474" width="20" height="110" rx="6" fill="${N.wood}" opacity=".7"/>`,
};

const lamp: MotifDrawing = {
  shadow: 130,
  draw: (p) =>
    `<circle cx="400" cy="330" r="200" fill="#fff4c8" opacity=".55"/>` +
    `<path d="M400 400L400 580" stroke="${N.woodDark}" stroke-width="18" stroke-linecap="round"/>` +
    `<ellipse cx="400" cy="600" rx="110" ry="22" fill="${N.woodDark}"/>` +
    `<ellipse cx="400" cy="594" rx="110" ry="22" fill="${N.wood}"/>` +
    `<path d="M326 200L474 200L540 400L260 400Z" fill="${p.accent}"/>` +
    `<path d="M430 200L474 200L540 400L480 400Z" fill="${p.accentDark}" opacity=".4"/>` +
    `<ellipse cx="400" cy="400" rx="140" ry="18" fill="#ffe9a8"/>` +
    `<path d="M330 226L300 370" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".3"/>`,
};

const bed: MotifDrawing = {
  shadow: 280,
  draw: (p) =>
    `<rect x="130" y="260" width="70" height="358" rx="18" fill="${N.woodDark}"/>` +
    `<rect x="146" y="276" width="38" height="240" rx="12" fill="${N.wood}"/>` +
    `<rect x="620" y="410" width="50" height="208" rx="14" fill="${N.woodDark}"/>` +
    `<rect x="190" y="500" width="440" height="60" fill="${N.wood}"/>` +
    `<rect x="196" y="420" width="430" height="90" rx="20" fill="#f4f6f8"/>` +
    `<rect x="214" y="380" width="130" height="60" rx="26" fill="#fff"/>` +
    `<rect x="224" y="392" width="110" height="20" rx="10" fill="#e9edf2"/>` +
    `<path d="M330 410L610 410C626 410 636 420 636 436L636 560L330 560C316 520 316 450 330 410Z" fill="${p.accent}"/>` +
    `<path d="M330 410L636 410L636 440L326 440Z" fill="${p.accentLight}"/>` +
    times(
      4,
      (i) =>
        `<path d="M${380 + i * 60} 450L${380 + i * 60} 552" stroke="${p.accentDark}" stroke-width="5" opacity=".35"/>`,
    ) +
    `<rect x="206" y="560" width="24" height="58" fill="${N.woodDark}"/>`,
};

const shelf: MotifDrawing = {
  shadow: 200,
  draw: (p) => {
    const colours = [p.accent, p.accentDark, "#f2c14e", p.accentLight, "#7a8b99", "#e07a5f"];
    const books = (y: number, seed: number, count: number) =>
      times(count, (i) => {
        const h = 96 - ((i * 17 + seed) % 30);
        const w = 26 + ((i * 7 + seed) % 12);
        const x = 262 + i * 40;
        return `<rect x="${x}" y="${y - h}" width="${w}" height="${h}" rx="4" fill="${colours[(i + seed) % colours.length]}"/>`;
      });
    return (
      `<rect x="230" y="170" width="340" height="448" rx="10" fill="${N.woodDark}"/>` +
      `<rect x="248" y="188" width="304" height="412" fill="#f3ead9"/>` +
      [320, 460].map((y) => `<rect x="248" y="${y}" width="304" height="16" fill="${N.wood}"/>`).join("") +
      books(320, 0, 5) +
      `<path d="M480 320C470 290 490 270 500 260C510 270 530 290 520 320Z" fill="${N.leaf}"/>` +
      books(460, 3, 4) +
      `<ellipse cx="480" cy="440" rx="30" ry="20" fill="${N.steel}"/><rect x="460" y="400" width="40" height="40" rx="14" fill="${p.accentLight}"/>` +
      books(600, 5, 7) +
      `<rect x="230" y="600" width="340" height="18" rx="4" fill="${N.woodDark}"/>`
    );
  },
};

const plantPot: MotifDrawing = {
  shadow: 150,
  draw: (p) => {
    const leaf = (angle: number, length: number, tone: string) =>
      `<g transform="rotate(${angle} 400 470)">` +
      `<path d="M400 470C370 ${470 - length * 0.4} 370 ${470 - length * 0.8} 400 ${470 - length}C430 ${470 - length * 0.8} 430 ${470 - length * 0.4} 400 470Z" fill="${tone}"/>` +
      `<path d="M400 468L400 ${470 - length + 16}" stroke="${N.leafDark}" stroke-width="4" stroke-linecap="round"/></g>`;
    return (
      leaf(-48, 230, N.leaf) +
      leaf(48, 230, N.leaf) +
      leaf(-26, 290, N.leafLight) +
      leaf(26, 290, N.leafLight) +
      leaf(-8, 320, N.leaf) +
      leaf(10, 270, N.leafDark) +
      `<path d="M300 460L500 460L476 612L324 612Z" fill="${p.accent}"/>` +
      `<path d="M450 460L500 460L476 612L454 612Z" fill="${p.accentDark}" opacity=".45"/>` +
      `<rect x="290" y="444" width="220" height="36" rx="10" fill="${p.accentLight}"/>` +
      `<path d="M330 500L340 580" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".3"/>`
    );
  },
};

const mirror: MotifDrawing = {
  shadow: 160,
  draw: (p) =>
    `<path d="M290 618L290 300C290 220 340 170 400 170C460 170 510 220 510 300L510 618Z" fill="${p.accentDark}"/>` +
    `<path d="M310 600L310 304C310 236 350 192 400 192C450 192 490 236 490 304L490 600Z" fill="#dcebf5"/>` +
    `<path d="M340 360L440 240M340 440L470 290M380 500L480 380" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity=".7"/>` +
    `<path d="M270 618L300 560M530 618L500 560" stroke="${N.woodDark}" stroke-width="12" stroke-linecap="round"/>`,
};

const rug: MotifDrawing = {
  shadow: 280,
  draw: (p) =>
    times(
      14,
      (i) =>
        `<path d="M${222 + i * 26} 400L${214 + i * 26} 376" stroke="${N.cream}" stroke-width="6" stroke-linecap="round"/>`,
    ) +
    times(
      16,
      (i) =>
        `<path d="M${138 + i * 36} 600L${130 + i * 36} 630" stroke="${N.cream}" stroke-width="6" stroke-linecap="round"/>`,
    ) +
    `<path d="M210 400L590 400L680 600L120 600Z" fill="${p.accentDark}"/>` +
    `<path d="M236 416L564 416L640 584L160 584Z" fill="${N.cream}"/>` +
    `<path d="M258 430L542 430L610 570L190 570Z" fill="${p.accent}"/>` +
    `<path d="M400 446L520 500L400 554L280 500Z" fill="${N.cream}"/>` +
    `<path d="M400 470L466 500L400 530L334 500Z" fill="${p.accentDark}"/>` +
    times(2, (i) => `<path d="M${250 + i * 270} 500l20-12l20 12l-20 12Z" fill="${p.accentLight}"/>`),
};

export const furnitureMotifs = {
  sofa,
  armchair,
  chair,
  table,
  lamp,
  bed,
  shelf,
  "plant-pot": plantPot,
  mirror,
  rug,
} satisfies Record<string, MotifDrawing>;
