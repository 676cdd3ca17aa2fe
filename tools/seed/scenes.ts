import type { Prng } from './prng';

// SVG drawings of the photo pool, one per kind of picture (see PHOTO_KINDS in photos.ts). Each
// draws from the photo's own PRNG stream, so a photo id always gives the same picture. Drawings
// are simple shapes, but each must read at a glance as what its caption says.

export const W = 1200;
export const H = 900;

export type Draw = (rng: Prng) => string;

/**
 * Light laid over every picture: a soft glow from the upper left, where the sun or the windows
 * are, and edges that fall into shade, so flat shapes gain depth as a photograph has. Drawn once
 * and laid over each rendered picture (full-size gradients are slow to draw in every SVG).
 */
export const FINISH_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs><radialGradient id="glow" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff3d6" stop-opacity="0.28"/><stop offset="0.55" stop-color="#fff3d6" stop-opacity="0"/></radialGradient><radialGradient id="shade" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#1a1410" stop-opacity="0"/><stop offset="1" stop-color="#1a1410" stop-opacity="0.38"/></radialGradient><linearGradient id="ground-shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#glow)"/><rect width="${W}" height="${H}" fill="url(#ground-shade)"/><rect width="${W}" height="${H}" fill="url(#shade)"/></svg>`;

export function svgOf(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/**
 * Open water from the horizon down: deeper colour towards the viewer, haze at the horizon, the
 * sun's path in glints and ripples catching the light.
 */
function openWater(rng: Prng, horizon: number, bottom: number, hue: number): string {
  const id = `water${rng.int(0, 1e6)}`;
  const sunX = rng.int(300, W - 300);
  const glints = times(40, () => {
    const y = rng.int(horizon + 6, bottom - 10);
    const depth = (y - horizon) / Math.max(1, bottom - horizon);
    const spread = 30 + depth * 260;
    const w = rng.int(10, 30) + depth * 60;
    return rect(
      sunX + rng.float(-spread, spread) - w / 2,
      y,
      w,
      2 + depth * 3,
      '#fff8e0',
      ` opacity="${(0.85 - depth * 0.45).toFixed(2)}"`,
    );
  });
  const ripples = times(26, () => {
    const y = rng.int(horizon + 10, bottom - 6);
    const depth = (y - horizon) / Math.max(1, bottom - horizon);
    return rect(
      rng.int(0, W),
      y,
      rng.int(30, 90) + depth * 120,
      1 + depth * 3,
      '#ffffff',
      ` opacity="${(0.18 + depth * 0.2).toFixed(2)}"`,
    );
  });
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue - 5, 45, 68)}"/><stop offset="0.12" stop-color="${hsl(hue, 60, 48)}"/><stop offset="1" stop-color="${hsl(hue + 8, 70, 26)}"/></linearGradient></defs>
${rect(0, horizon, W, bottom - horizon, `url(#${id})`)}${ripples}${glints}${rect(0, horizon, W, 3, '#ffffff', ' opacity="0.45"')}`;
}

/** A house's shadow on the ground and the shade of its right side, the sun being on the left. */
function buildingShade(x: number, y: number, w: number, h: number): string {
  return `<ellipse cx="${x + w * 0.6}" cy="${y + h + 6}" rx="${w * 0.62}" ry="18" fill="#000" opacity="0.18"/>${rect(x + w * 0.72, y, w * 0.28, h, '#000', ' opacity="0.1"')}`;
}

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;
}
function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${Math.round(x)}" y="${Math.round(y)}" width="${Math.round(w)}" height="${Math.round(h)}" fill="${fill}"${extra}/>`;
}
function poly(points: ReadonlyArray<readonly [number, number]>, fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${Math.round(x)},${Math.round(y)}`).join(' ')}" fill="${fill}"${extra}/>`;
}
function times(n: number, f: (i: number) => string): string {
  return Array.from({ length: n }, (_, i) => f(i)).join('');
}

// --- outdoors ---------------------------------------------------------------------------------

type Mood = 'day' | 'golden' | 'dusk';

function sky(
  rng: Prng,
  horizon: number,
  moods: readonly Mood[] = ['day', 'day', 'golden'],
): string {
  const mood = rng.pick(moods);
  const [top, bottom] =
    mood === 'day'
      ? [hsl(rng.float(200, 215), 70, rng.float(45, 55)), hsl(rng.float(195, 205), 60, 85)]
      : mood === 'golden'
        ? [hsl(rng.float(205, 220), 55, 55), hsl(rng.float(30, 45), 85, 75)]
        : [hsl(rng.float(230, 250), 45, 30), hsl(rng.float(10, 25), 75, 65)];
  const sun = rng.chance(0.6)
    ? `<circle cx="${rng.int(100, W - 100)}" cy="${rng.int(60, Math.max(80, horizon - 160))}" r="${rng.int(30, 55)}" fill="${mood === 'dusk' ? '#ffb070' : '#fff4c2'}" opacity="0.9"/>`
    : '';
  const clouds = times(rng.int(0, 4), () => {
    const x = rng.int(0, W);
    const y = rng.int(40, Math.max(60, horizon - 180));
    return `<ellipse cx="${x}" cy="${y}" rx="${rng.int(60, 160)}" ry="${rng.int(15, 35)}" fill="#ffffff" opacity="${rng.float(0.4, 0.8).toFixed(2)}"/>`;
  });
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
${rect(0, 0, W, horizon + 2, 'url(#sky)')}${sun}${clouds}`;
}

type TreeKind = 'round' | 'pine' | 'snowPine' | 'cypress' | 'palm' | 'olive' | 'plane';

function tree(rng: Prng, x: number, baseY: number, h: number, kind: TreeKind): string {
  const green = hsl(rng.float(95, 140), rng.float(30, 50), rng.float(20, 35));
  switch (kind) {
    case 'pine':
      return poly(
        [
          [x, baseY - h],
          [x - h / 3, baseY],
          [x + h / 3, baseY],
        ],
        hsl(rng.float(130, 150), 35, rng.float(18, 26)),
      );
    case 'snowPine':
      return `${poly(
        [
          [x, baseY - h],
          [x - h / 3, baseY],
          [x + h / 3, baseY],
        ],
        hsl(140, 30, 20),
      )}${poly(
        [
          [x, baseY - h],
          [x - h / 8, baseY - h * 0.62],
          [x + h / 8, baseY - h * 0.62],
        ],
        '#f8fbff',
      )}${rect(x - h / 4, baseY - h * 0.3, h / 2, 6, '#f8fbff')}`;
    case 'cypress':
      return `<ellipse cx="${x}" cy="${baseY - h / 2}" rx="${h / 9}" ry="${h / 2}" fill="${hsl(rng.float(110, 140), 35, 20)}"/>`;
    case 'palm': {
      const top = baseY - h;
      const fronds = times(
        7,
        (i) =>
          `<path d="M${x},${top} q${Math.cos((i / 6) * Math.PI) * h * 0.35},${-h * 0.18} ${Math.cos((i / 6) * Math.PI) * h * 0.5},${h * 0.1}" stroke="${hsl(110, 45, 30)}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
      );
      return `<path d="M${x - 4},${baseY} q${h * 0.08},${-h * 0.5} ${h * 0.04},${-h}" stroke="#7a5a3a" stroke-width="12" fill="none"/>${fronds}`;
    }
    case 'olive':
      return `${rect(x - 5, baseY - h / 3, 10, h / 3, '#6b5a48')}<ellipse cx="${x}" cy="${baseY - h / 2}" rx="${h / 2.4}" ry="${h / 3.4}" fill="${hsl(85, 15, rng.float(45, 55))}"/>`;
    case 'plane':
      return `${rect(x - 9, baseY - h / 2, 18, h / 2, '#b9ad94')}<ellipse cx="${x}" cy="${baseY - h * 0.65}" rx="${h / 2.2}" ry="${h / 3}" fill="${green}"/>`;
    default:
      return `${rect(x - 6, baseY - h / 3, 12, h / 3, '#5b4030')}<circle cx="${x}" cy="${baseY - h / 2}" r="${h / 3}" fill="${green}"/>`;
  }
}

function trees(
  rng: Prng,
  baseY: number,
  count: number,
  kind: TreeKind,
  range: readonly [number, number] = [0, W],
  size: readonly [number, number] = [80, 220],
): string {
  return times(count, () =>
    tree(rng, rng.int(range[0], range[1]), baseY, rng.int(size[0], size[1]), kind),
  );
}

function mountains(rng: Prng, horizon: number, count: number, snow: boolean): string {
  return times(count, () => {
    const cx = rng.int(-100, W + 100);
    const ph = rng.int(180, 360);
    const pw = rng.int(250, 450);
    const cap = snow
      ? poly(
          [
            [cx - pw * 0.3, horizon - ph * 0.7],
            [cx, horizon - ph],
            [cx + pw * 0.3, horizon - ph * 0.7],
            [cx + pw * 0.1, horizon - ph * 0.62],
            [cx - pw * 0.1, horizon - ph * 0.66],
          ],
          '#f8fbff',
        )
      : '';
    return `${poly(
      [
        [cx - pw, horizon],
        [cx, horizon - ph],
        [cx + pw, horizon],
      ],
      hsl(215, 15, rng.float(40, 55)),
    )}${cap}`;
  });
}

function hills(rng: Prng, horizon: number, color: (i: number) => string): string {
  return times(3, (i) => {
    const y = horizon - 60 + i * 40;
    const a = rng.int(200, 500);
    const b = rng.int(700, 1000);
    return `<path d="M0,${y + rng.int(-30, 30)} C${a},${y - rng.int(40, 90)} ${b},${y + rng.int(0, 60)} ${W},${y - rng.int(0, 50)} L${W},${H} L0,${H} Z" fill="${color(i)}"/>`;
  });
}

function snowGround(y: number): string {
  return rect(0, y, W, H - y, '#eef3f8') + rect(0, y, W, 10, '#dde6f0');
}

// --- walls, windows and roofs ----------------------------------------------------------------

interface FacadeStyle {
  wall: string;
  roof: string;
  glass: string;
  frame: string;
  shutters: string | null;
}

function windowRow(
  x: number,
  y: number,
  w: number,
  count: number,
  ww: number,
  wh: number,
  s: FacadeStyle,
  arched = false,
): string {
  return times(count, (i) => {
    const wx = x + (w / count) * (i + 0.5) - ww / 2;
    const shutters = s.shutters
      ? rect(wx - ww * 0.45, y, ww * 0.42, wh, s.shutters) +
        rect(wx + ww * 1.03, y, ww * 0.42, wh, s.shutters)
      : '';
    const arch = arched
      ? `<ellipse cx="${wx + ww / 2}" cy="${y}" rx="${ww / 2}" ry="${ww / 2.5}" fill="${s.glass}" stroke="${s.frame}" stroke-width="4"/>`
      : '';
    return `${shutters}${arch}${rect(wx, y, ww, wh, s.glass, ` stroke="${s.frame}" stroke-width="4"`)}${rect(wx + ww / 2 - 2, y, 4, wh, s.frame)}`;
  });
}

function pitchedRoof(x: number, y: number, w: number, rise: number, color: string): string {
  return poly(
    [
      [x - 24, y],
      [x + w / 2, y - rise],
      [x + w + 24, y],
    ],
    color,
  );
}
function hippedRoof(x: number, y: number, w: number, rise: number, color: string): string {
  return poly(
    [
      [x - 26, y],
      [x + w * 0.22, y - rise],
      [x + w * 0.78, y - rise],
      [x + w + 26, y],
    ],
    color,
  );
}

const TILE = (rng: Prng) => hsl(rng.float(8, 18), 60, rng.float(42, 50));
const SLATE = (rng: Prng) => hsl(rng.float(210, 225), 12, rng.float(30, 40));

// --- exteriors --------------------------------------------------------------------------------

export const villaSouth: Draw = (rng) => {
  const horizon = rng.int(470, 540);
  const s: FacadeStyle = {
    wall: rng.pick(['#f6efe2', '#f2dcc0', '#efd2c4', '#f8f4ec', '#f0d9a8']),
    roof: TILE(rng),
    glass: '#36566b',
    frame: '#ffffff',
    shutters: rng.pick(['#5f8f8a', '#7fa6c4', '#9aa06a', null]),
  };
  const x = rng.int(220, 360);
  const w = rng.int(560, 700);
  const h = 250;
  const y = horizon - h + 30;
  return `${sky(rng, horizon)}
${trees(rng, horizon, rng.int(1, 3), 'cypress', [40, 200], [200, 320])}
${rect(0, horizon, W, H - horizon, hsl(rng.float(85, 105), 40, 40))}
${rect(x, y, w, h, s.wall)}${hippedRoof(x, y, w, 70, s.roof)}
${windowRow(x, y + 28, w, 5, 56, 82, s)}${windowRow(x, y + 150, w, 5, 60, 96, s, true)}
${rect(x + w * 0.2, y + h, w * 0.6, 14, '#d9cbb3')}
${trees(rng, horizon + 30, 2, 'palm', [60, 200], [260, 330])}${trees(rng, horizon + 30, 1, 'palm', [W - 180, W - 60], [260, 330])}
${rect(0, H - 130, W, 130, hsl(38, 35, 80))}${trees(rng, H - 100, 4, 'olive', [150, W - 150], [90, 130])}`;
};

export const villaNorth: Draw = (rng) => {
  const horizon = rng.int(480, 540);
  const s: FacadeStyle = {
    wall: rng.pick(['#f4f0e8', '#ece3d2', '#f7f5f0']),
    roof: SLATE(rng),
    glass: '#2f4656',
    frame: '#ffffff',
    shutters: null,
  };
  const x = rng.int(250, 380);
  const w = rng.int(500, 600);
  const h = 240;
  const y = horizon - h + 30;
  const gable = x + w * 0.62;
  const timbers = times(6, (i) =>
    rect(gable + 20 + i * 36, y - 120 + Math.abs(i - 2.5) * 30, 8, 150, '#5a3b2a'),
  );
  return `${sky(rng, horizon)}
${trees(rng, horizon, rng.int(3, 6), 'round', [0, W], [180, 300])}
${rect(0, horizon, W, H - horizon, hsl(rng.float(95, 115), 40, 38))}
${rect(x, y, w, h, s.wall)}${pitchedRoof(x - 10, y, w * 0.62, 150, s.roof)}
${poly(
  [
    [gable, y],
    [gable + w * 0.19, y - 170],
    [gable + w * 0.38 + 20, y],
  ],
  s.wall,
)}${timbers}${pitchedRoof(gable - 10, y - 2, w * 0.38 + 30, 175, s.roof)}
${rect(x + 60, y - 200, 34, 90, '#9a4a32')}
${windowRow(x, y + 30, w, 4, 58, 84, s)}${windowRow(x, y + 145, w, 4, 58, 84, s)}
${rect(0, H - 90, W, 90, hsl(35, 15, 70))}`;
};

export const modernHouse: Draw = (rng) => {
  const horizon = rng.int(480, 540);
  const wood = hsl(rng.float(25, 32), 40, rng.float(40, 50));
  const x = rng.int(160, 300);
  const low = rng.int(760, 860);
  const upW = rng.int(420, 520);
  const upX = x + rng.int(40, low - upW - 40);
  const glass = (gx: number, gy: number, gw: number, gh: number) =>
    rect(gx, gy, gw, gh, '#27404f') +
    times(Math.floor(gw / 110), (i) => rect(gx + (i + 1) * 110, gy, 5, gh, '#1b1b1b')) +
    rect(gx + 20, gy + 10, gw * 0.3, gh - 20, '#ffffff', ' opacity="0.12"');
  return `${sky(rng, horizon, ['day', 'day', 'golden', 'dusk'])}
${trees(rng, horizon, rng.int(3, 6), 'round', [0, W], [160, 260])}
${rect(0, horizon, W, H - horizon, hsl(rng.float(90, 110), 38, 40))}
${rect(x, horizon - 150, low, 170, '#f5f5f2')}${glass(x + 40, horizon - 130, low * 0.6, 130)}${rect(x + low * 0.7, horizon - 130, low * 0.25, 130, wood)}
${rect(x - 20, horizon - 166, low + 40, 16, '#e2e2df')}
${rect(upX, horizon - 310, upW, 150, '#f5f5f2')}${glass(upX + 30, horizon - 290, upW - 60, 110)}
${rect(upX - 20, horizon - 326, upW + 40, 16, '#e2e2df')}
${rect(0, H - 170, W, 170, hsl(30, 10, 78))}${rect(0, H - 170, W, 8, '#cfcfca')}`;
};

function plainHouse(rng: Prng, south: boolean): string {
  const horizon = rng.int(490, 550);
  const s: FacadeStyle = {
    wall: south
      ? rng.pick(['#f0dcc0', '#e9d3b0', '#f4e7d3'])
      : rng.pick(['#e9e1d3', '#d9cdb8', '#f1ece2']),
    roof: south ? TILE(rng) : SLATE(rng),
    glass: '#3b5568',
    frame: '#ffffff',
    shutters: south ? rng.pick(['#6c8f8a', '#a8b4c0']) : rng.pick(['#ffffff', '#46627a', null]),
  };
  const x = rng.int(260, 400);
  const w = rng.int(440, 540);
  const h = 230;
  const y = horizon - h + 30;
  const roof = south
    ? hippedRoof(x, y, w, 80, s.roof)
    : pitchedRoof(x, y, w, 160, s.roof) +
      rect(x + w * 0.3, y - 70, 50, 50, s.wall) +
      rect(x + w * 0.65, y - 70, 50, 50, s.wall);
  return `${sky(rng, horizon)}
${trees(rng, horizon, rng.int(3, 6), south ? 'cypress' : 'round', [0, W], [160, 280])}
${rect(0, horizon, W, H - horizon, hsl(rng.float(85, 110), 40, 40))}
${rect(x, y, w, h, s.wall)}${roof}
${windowRow(x, y + 28, w, 4, 50, 76, s)}${windowRow(x, y + 140, w, 4, 50, 86, s)}
${rect(x + w / 2 - 30, y + 140, 60, 90, '#6b4b32')}
${rect(0, H - 90, W, 90, hsl(35, 20, 70))}`;
}
export const houseSouth: Draw = (rng) => plainHouse(rng, true);
export const houseNorth: Draw = (rng) => plainHouse(rng, false);

export const mas: Draw = (rng) => {
  const horizon = rng.int(470, 530);
  const stone = hsl(rng.float(35, 42), rng.float(25, 35), rng.float(70, 78));
  const s: FacadeStyle = {
    wall: stone,
    roof: TILE(rng),
    glass: '#3a4a55',
    frame: '#f2eee6',
    shutters: rng.pick(['#8aa2a8', '#b4c2b0', '#c9c0a6']),
  };
  const parts: Array<[number, number, number]> = [
    [160, 300, 190],
    [460, 380, 230],
    [840, 240, 170],
  ];
  const blocks = parts
    .map(([x, w, h]) => {
      const y = horizon - h + 40;
      return `${rect(x, y, w, h, stone)}${poly(
        [
          [x - 14, y],
          [x + w / 2, y - 46],
          [x + w + 14, y],
        ],
        s.roof,
      )}${windowRow(x, y + h - 120, w, Math.round(w / 110), 44, 64, s)}${times(30, () => rect(x + rng.int(0, w - 30), y + rng.int(5, h - 20), rng.int(14, 30), 6, '#00000014'))}`;
    })
    .join('');
  const lavender = times(8, (i) => {
    const y = H - 240 + i * 30;
    return `<rect x="0" y="${y}" width="${W}" height="${10 + i * 2}" rx="6" fill="${hsl(270, 35, 55 - i)}"/>`;
  });
  return `${sky(rng, horizon, ['day', 'golden'])}
${hills(rng, horizon - 40, (i) => hsl(95 - i * 5, 20, 55 - i * 6))}
${rect(0, horizon, W, H - horizon, hsl(50, 30, 60))}
${trees(rng, horizon + 40, 3, 'cypress', [60, W - 60], [220, 300])}
${blocks}
${rect(0, H - 250, W, 250, hsl(85, 35, 45))}${lavender}`;
};

export const bastide: Draw = (rng) => {
  // A long, low house of two storeys under a shallow tiled roof, shutters on every window and
  // plane trees: a bastide is wide, never tall.
  const horizon = rng.int(500, 550);
  const s: FacadeStyle = {
    wall: rng.pick(['#ecd3a2', '#e8c596', '#efdcb8']),
    roof: TILE(rng),
    glass: '#3a4a55',
    frame: '#f6f1e6',
    shutters: rng.pick(['#8aa2a8', '#6f8f78', '#b9b29a', '#7d93a6']),
  };
  const w = rng.int(600, 680);
  const x = (W - w) / 2 + rng.int(-60, 60);
  const h = 230;
  const y = horizon - h + 50;
  const door = rect(x + w / 2 - 34, y + h - 110, 68, 110, hsl(25, 35, 30));
  return `${sky(rng, horizon, ['day', 'golden', 'golden'])}
${hills(rng, horizon - 30, (i) => hsl(90 - i * 6, 22, 52 - i * 7))}
${trees(rng, horizon + 60, 2, 'plane', [20, x - 40], [320, 400])}${trees(rng, horizon + 60, 2, 'plane', [x + w + 40, W - 20], [320, 400])}
${rect(0, horizon, W, H - horizon, hsl(42, 32, 68))}
${buildingShade(x, y, w, h)}
${rect(x, y, w, h, s.wall)}${hippedRoof(x, y, w, 46, s.roof)}${rect(x - 26, y, w + 52, 8, hsl(15, 40, 35), ' opacity="0.5"')}
${windowRow(x, y + 34, w, 7, 40, 58, s)}${windowRow(x, y + 128, w, 7, 42, 80, s)}${door}
${rect(x + w * 0.72, y, w * 0.28, h, '#000', ' opacity="0.08"')}
${rect(x - 80, horizon + 70, w + 160, 26, hsl(40, 25, 80))}
${trees(rng, H - 110, 7, 'olive', [60, W - 60], [90, 130])}
${times(2, (i) => `<ellipse cx="${x + (i ? w - 40 : 40)}" cy="${horizon + 70}" rx="26" ry="34" fill="${hsl(110, 30, 28)}"/>`)}`;
};

export const chalet: Draw = (rng) => {
  const horizon = rng.int(480, 540);
  const wood = hsl(rng.float(20, 30), 45, rng.float(28, 36));
  const x = rng.int(300, 420);
  const w = rng.int(440, 520);
  const y = horizon - 220;
  const lit = '#ffd27a';
  const balcony = (by: number) =>
    rect(x - 20, by, w + 40, 12, '#4a2f1e') +
    times(Math.floor((w + 40) / 22), (i) => rect(x - 20 + i * 22, by - 44, 8, 44, '#4a2f1e')) +
    rect(x - 20, by - 48, w + 40, 8, '#4a2f1e');
  return `${sky(rng, horizon, ['day', 'day', 'dusk'])}
${mountains(rng, horizon - 40, 4, true)}
${snowGround(horizon - 40)}
${trees(rng, horizon + 20, rng.int(4, 7), 'snowPine', [0, W], [160, 280])}
${rect(x, y + 90, w, 170, '#a9a39a')}${rect(x, y, w, 130, wood)}
${windowRow(x, y + 24, w, 4, 56, 80, { wall: wood, roof: '', glass: lit, frame: '#3a2416', shutters: null })}
${windowRow(x, y + 150, w, 3, 66, 84, { wall: '', roof: '', glass: lit, frame: '#3a2416', shutters: null })}
${balcony(y + 140)}
${poly(
  [
    [x - 60, y + 10],
    [x + w / 2, y - 150],
    [x + w + 60, y + 10],
  ],
  '#4a2f1e',
)}${poly(
    [
      [x - 66, y + 4],
      [x + w / 2, y - 180],
      [x + w + 66, y + 4],
      [x + w + 56, y + 16],
      [x + w / 2, y - 136],
      [x - 56, y + 16],
    ],
    '#fbfdff',
  )}
${rect(0, H - 110, W, 110, '#f4f8fc')}`;
};

export const chateau: Draw = (rng) => {
  const horizon = rng.int(500, 560);
  const stone = hsl(rng.float(38, 46), rng.float(15, 30), rng.float(76, 84));
  const s: FacadeStyle = {
    wall: stone,
    roof: SLATE(rng),
    glass: '#2f4050',
    frame: '#f3efe6',
    shutters: null,
  };
  const x = 300;
  const w = 600;
  const y = horizon - 260;
  const tower = (tx: number) =>
    `${rect(tx - 70, y - 40, 140, 300, stone)}${poly(
      [
        [tx - 84, y - 40],
        [tx, y - 240],
        [tx + 84, y - 40],
      ],
      s.roof,
    )}${windowRow(tx - 70, y + 10, 140, 1, 40, 70, s)}${windowRow(tx - 70, y + 130, 140, 1, 40, 80, s)}`;
  return `${sky(rng, horizon)}
${trees(rng, horizon, rng.int(4, 8), 'round', [0, W], [200, 320])}
${rect(0, horizon, W, H - horizon, hsl(rng.float(95, 115), 40, 40))}
${rect(x, y, w, 260, stone)}${hippedRoof(x, y, w, 110, s.roof)}
${windowRow(x + 80, y - 70, w - 160, 4, 40, 50, s)}
${windowRow(x, y + 20, w, 6, 50, 90, s)}${windowRow(x, y + 140, w, 6, 50, 100, s)}
${tower(x)}${tower(x + w)}
${poly(
  [
    [W / 2 - 60, horizon],
    [W / 2 + 60, horizon],
    [W / 2 + 260, H],
    [W / 2 - 260, H],
  ],
  hsl(38, 25, 78),
)}`;
};

export const manoir: Draw = (rng) => {
  const horizon = rng.int(500, 550);
  const stone = hsl(rng.float(30, 42), rng.float(15, 30), rng.float(62, 74));
  const s: FacadeStyle = {
    wall: stone,
    roof: SLATE(rng),
    glass: '#2f4050',
    frame: '#f3efe6',
    shutters: null,
  };
  const x = rng.int(280, 360);
  const w = 520;
  const y = horizon - 230;
  const dormers = times(
    3,
    (i) =>
      `${rect(x + 110 + i * 150, y - 90, 56, 70, stone)}${poly(
        [
          [x + 100 + i * 150, y - 90],
          [x + 138 + i * 150, y - 130],
          [x + 176 + i * 150, y - 90],
        ],
        s.roof,
      )}${rect(x + 122 + i * 150, y - 76, 32, 50, s.glass)}`,
  );
  return `${sky(rng, horizon, ['day', 'golden'])}
${trees(rng, horizon, rng.int(4, 7), 'round', [0, W], [220, 340])}
${rect(0, horizon, W, H - horizon, hsl(rng.float(95, 115), 40, 38))}
${pitchedRoof(x, y, w, 200, s.roof)}${dormers}
${rect(x, y, w, 230, stone)}
${windowRow(x, y + 24, w, 5, 46, 80, s)}${windowRow(x, y + 130, w, 5, 46, 86, s)}
${rect(x - 90, y - 60, 110, 290, stone)}${poly(
    [
      [x - 102, y - 60],
      [x - 35, y - 210],
      [x + 32, y - 60],
    ],
    s.roof,
  )}${windowRow(x - 90, y, 110, 1, 34, 60, s)}
${times(40, () => `<circle cx="${x + rng.int(-90, 120)}" cy="${y + rng.int(60, 230)}" r="${rng.int(10, 22)}" fill="${hsl(110, 35, 28)}"/>`)}`;
};

export const estatePark: Draw = (rng) => {
  const horizon = rng.int(400, 440);
  const stone = hsl(rng.float(35, 42), 20, rng.float(78, 86));
  const s: FacadeStyle = {
    wall: stone,
    roof: SLATE(rng),
    glass: '#2f4050',
    frame: '#ffffff',
    shutters: null,
  };
  const x = rng.int(420, 520);
  const w = 300;
  const y = horizon - 110;
  return `${sky(rng, horizon)}
${trees(rng, horizon + 10, rng.int(6, 9), 'round', [0, W], [160, 260])}
${rect(0, horizon, W, H - horizon, hsl(rng.float(95, 110), 45, 42))}
${rect(x, y, w, 120, stone)}${hippedRoof(x, y, w, 60, s.roof)}${windowRow(x, y + 16, w, 5, 24, 38, s)}${windowRow(x, y + 68, w, 5, 24, 42, s)}
${times(5, (i) => rect(0, horizon + 120 + i * 70, W, 34, hsl(100, 45, 46), ' opacity="0.5"'))}
${poly(
  [
    [x + w / 2 - 20, horizon + 10],
    [x + w / 2 + 20, horizon + 10],
    [x + w / 2 + 220, H],
    [x + w / 2 - 220, H],
  ],
  hsl(40, 25, 80),
)}
${tree(rng, 120, H - 40, 420, 'round')}${tree(rng, W - 140, H - 60, 380, 'round')}`;
};

export const haras: Draw = (rng) => {
  const horizon = rng.int(420, 470);
  const fence = (y: number) =>
    rect(0, y, W, 8, '#ffffff') +
    rect(0, y + 30, W, 8, '#ffffff') +
    times(13, (i) => rect(i * 100 + 10, y - 10, 10, 70, '#ffffff'));
  const horse = (hx: number, hy: number, scale: number, coat: string) =>
    `<g transform="translate(${hx},${hy}) scale(${scale})">
<ellipse cx="0" cy="0" rx="70" ry="32" fill="${coat}"/>
${rect(-55, 10, 12, 70, coat)}${rect(-35, 10, 12, 70, coat)}${rect(30, 10, 12, 70, coat)}${rect(50, 10, 12, 70, coat)}
${poly(
  [
    [50, -10],
    [95, -70],
    [120, -60],
    [75, 5],
  ],
  coat,
)}<ellipse cx="112" cy="-62" rx="24" ry="13" fill="${coat}"/>
<path d="M-68,-6 q-25,20 -18,60" stroke="#2b1a10" stroke-width="10" fill="none"/></g>`;
  return `${sky(rng, horizon)}
${trees(rng, horizon, rng.int(3, 6), 'round', [0, W], [160, 240])}
${rect(0, horizon, W, H - horizon, hsl(rng.float(90, 110), 45, 45))}
${rect(560, horizon - 110, 520, 130, '#efe6d6')}${pitchedRoof(560, horizon - 110, 520, 70, SLATE(rng))}
${times(6, (i) => rect(590 + i * 82, horizon - 70, 50, 90, '#6b4b32'))}
${fence(horizon + 70)}
${horse(rng.int(200, 420), horizon + 230, 1.1, rng.pick(['#6b3f22', '#3d2616', '#8a5a32']))}
${horse(rng.int(650, 950), horizon + 300, 1.4, rng.pick(['#5a331a', '#2a1c12', '#9a6a3a']))}
${fence(H - 90)}`;
};

export const huntingEstate: Draw = (rng) => {
  const horizon = rng.int(440, 500);
  const stone = hsl(rng.float(30, 40), 20, rng.float(65, 75));
  const s: FacadeStyle = {
    wall: stone,
    roof: SLATE(rng),
    glass: '#2f4050',
    frame: '#f3efe6',
    shutters: '#5a4030',
  };
  return `${sky(rng, horizon, ['day', 'golden', 'dusk'])}
${trees(rng, horizon + 20, 22, 'pine', [0, W], [200, 340])}
${trees(rng, horizon + 40, 14, 'round', [0, W], [200, 300])}
${rect(0, horizon + 30, W, H - horizon, hsl(rng.float(70, 90), 35, 42))}
${rect(440, horizon - 120, 340, 170, stone)}${pitchedRoof(440, horizon - 120, 340, 120, s.roof)}
${windowRow(440, horizon - 90, 340, 4, 40, 60, s)}
${trees(rng, H, 4, 'pine', [0, 260], [320, 460])}${trees(rng, H, 4, 'pine', [W - 260, W], [320, 460])}
${times(5, (i) => `<path d="M${100 + i * 230},${H - 40} q40,-30 80,0" stroke="${hsl(40, 30, 35)}" stroke-width="6" fill="none"/>`)}`;
};

function vineRows(horizon: number, color: string, soil: string): string {
  // Rows converging to a vanishing point above the horizon.
  const vx = W / 2;
  const rows = times(
    15,
    (i) =>
      `<path d="M${vx + (i - 7) * 12},${horizon} L${vx + (i - 7) * 170},${H}" stroke="${color}" stroke-width="${6 + Math.abs(i - 7) * 2}"/>`,
  );
  return `${rect(0, horizon, W, H - horizon, soil)}${rows}`;
}

export const wineEstate: Draw = (rng) => {
  const horizon = rng.int(380, 440);
  const s: FacadeStyle = {
    wall: rng.pick(['#efe4cf', '#e8d8b8']),
    roof: rng.chance(0.5) ? TILE(rng) : SLATE(rng),
    glass: '#2f4050',
    frame: '#ffffff',
    shutters: rng.pick(['#7c8f9a', '#ffffff']),
  };
  const x = rng.int(420, 560);
  return `${sky(rng, horizon)}
${hills(rng, horizon, (i) => hsl(95 - i * 5, 28, 52 - i * 5))}
${vineRows(horizon + 40, hsl(100, 45, 28), hsl(38, 35, 55))}
${rect(x, horizon - 90, 300, 130, s.wall)}${hippedRoof(x, horizon - 90, 300, 50, s.roof)}${windowRow(x, horizon - 70, 300, 5, 26, 40, s)}${windowRow(x, horizon - 14, 300, 5, 26, 40, s)}
${trees(rng, horizon + 40, 2, 'cypress', [x - 80, x - 20], [140, 190])}${trees(rng, horizon + 40, 2, 'round', [x + 320, x + 420], [120, 170])}`;
};

/** A Parisian-style stone building: balconies on the 2nd and 5th floors, zinc mansard roof. */
export const cityBuilding: Draw = (rng) => {
  const stone = hsl(rng.float(38, 45), rng.float(25, 40), rng.float(78, 86));
  const s: FacadeStyle = {
    wall: stone,
    roof: '',
    glass: '#34495e',
    frame: '#f7f2e6',
    shutters: null,
  };
  let facade = rect(0, 150, W, H - 150, stone);
  facade += poly(
    [
      [0, 150],
      [W, 150],
      [W - 40, 50],
      [40, 50],
    ],
    hsl(210, 8, rng.float(50, 60)),
  );
  facade += times(7, (c) =>
    rect(60 + c * 165, 70, 50, 60, '#34495e', ' stroke="#e8e4da" stroke-width="6"'),
  );
  for (let floor = 0; floor < 5; floor++) {
    const y = 190 + floor * 136;
    facade += windowRow(0, y, W, 7, 70, 100, s);
    if (floor === 1 || floor === 4) {
      facade += rect(20, y + 100, W - 40, 10, '#2b2b2b');
      facade += times(60, (i) => rect(25 + i * 19, y + 70, 3, 30, '#2b2b2b'));
    }
    facade += rect(0, y + 116, W, 6, '#00000010');
  }
  return `${sky(rng, 150)}${facade}${times(rng.int(0, 3), () => tree(rng, rng.int(0, W), H + 60, 380, 'plane'))}`;
};

export const seaResidence: Draw = (rng) => {
  const horizon = rng.int(470, 520);
  const x = rng.int(480, 600);
  const w = W - x;
  const balcony = (y: number) =>
    rect(x - 16, y, w + 32, 10, '#e6e6e3') +
    rect(x - 16, y - 42, w + 32, 42, '#9fc7d8', ' opacity="0.55"');
  return `${sky(rng, horizon, ['day', 'day', 'golden'])}
${rect(0, horizon, W, H - horizon, hsl(rng.float(195, 210), 65, 40))}
${times(10, () => rect(rng.int(0, x - 100), rng.int(horizon + 10, H - 140), rng.int(40, 120), 3, '#ffffff', ' opacity="0.5"'))}
${rect(x, 120, w, H - 120, '#f7f6f2')}
${times(6, (f) => rect(x + 20, 150 + f * 120, w - 40, 74, '#2f5366'))}
${times(6, (f) => balcony(230 + f * 120))}
${rect(0, H - 120, x, 120, hsl(40, 40, 78))}
${trees(rng, H - 40, 3, 'palm', [60, x - 80], [280, 360])}`;
};

export const mountainResidence: Draw = (rng) => {
  const horizon = rng.int(460, 520);
  const wood = hsl(rng.float(20, 30), 45, rng.float(30, 38));
  const x = 220;
  const w = 760;
  const y = horizon - 300;
  const lit = '#ffd27a';
  return `${sky(rng, horizon, ['day', 'day', 'dusk'])}
${mountains(rng, horizon - 60, 4, true)}
${snowGround(horizon - 60)}
${rect(x, y + 220, w, 160, '#a9a39a')}${rect(x, y, w, 230, wood)}
${times(3, (f) => windowRow(x, y + 20 + f * 110, w, 7, 60, 70, { wall: wood, roof: '', glass: lit, frame: '#3a2416', shutters: null }))}
${times(2, (f) => rect(x - 20, y + 96 + f * 110, w + 40, 12, '#3a2416'))}
${windowRow(x, y + 250, w, 6, 60, 70, { wall: '', roof: '', glass: lit, frame: '#3a2416', shutters: null })}
${poly(
  [
    [x - 70, y + 6],
    [x + w / 2, y - 140],
    [x + w + 70, y + 6],
  ],
  '#fbfdff',
)}
${trees(rng, H - 60, 5, 'snowPine', [0, W], [200, 300])}
${rect(0, H - 70, W, 70, '#f4f8fc')}`;
};

export const townMansion: Draw = (rng) => {
  const stone = hsl(rng.float(38, 45), rng.float(20, 35), rng.float(80, 87));
  const s: FacadeStyle = {
    wall: stone,
    roof: '',
    glass: '#34495e',
    frame: '#f7f2e6',
    shutters: null,
  };
  const x = 140;
  const w = 920;
  const y = 240;
  const neighbour = (nx: number) =>
    rect(nx, 60, x, H - 60, hsl(rng.float(35, 45), 20, rng.float(70, 80))) +
    times(5, (f) => rect(nx + 30, 110 + f * 150, 80, 100, '#34495e'));
  return `${sky(rng, 300)}
${neighbour(0)}${neighbour(x + w)}
${trees(rng, 420, 2, 'round', [x + 60, x + w - 60], [200, 260])}
${rect(x, y, w, H - y, stone)}${poly(
    [
      [x - 10, y],
      [x + w + 10, y],
      [x + w - 40, y - 110],
      [x + 40, y - 110],
    ],
    hsl(210, 8, 50),
  )}
${times(5, (c) => rect(x + 110 + c * 160, y - 90, 50, 66, '#34495e', ' stroke="#e8e4da" stroke-width="5"'))}
${windowRow(x, y + 40, w, 7, 64, 130, s)}${rect(x + 20, y + 170, w - 40, 10, '#2b2b2b')}
${windowRow(x, y + 230, w, 7, 64, 120, s)}
${rect(x + w / 2 - 110, H - 290, 220, 290, '#2e3a2e')}<ellipse cx="${x + w / 2}" cy="${H - 290}" rx="110" ry="70" fill="#2e3a2e"/>
${rect(x, H - 300, 30, 300, '#00000012')}${rect(x + w - 30, H - 300, 30, 300, '#00000012')}
${rect(0, H - 30, W, 30, '#8d8a84')}`;
};

export const hotel: Draw = (rng) => {
  const wall = rng.pick(['#f4efe6', '#efe2cc', '#e9edf0']);
  const awning = rng.pick(['#1f3b5a', '#7a1f2b', '#2f4f3a']);
  const s: FacadeStyle = { wall, roof: '', glass: '#34495e', frame: '#ffffff', shutters: null };
  return `${sky(rng, H)}
${rect(0, 300, 80, H - 300, hsl(35, 15, 70))}${rect(W - 80, 260, 80, H - 260, hsl(30, 15, 66))}
${rect(80, 110, W - 160, H - 110, wall)}${rect(60, 96, W - 120, 20, '#d8d2c6')}
${times(4, (f) => windowRow(80, 150 + f * 120, W - 160, 8, 62, 84, s))}
${times(4, (f) => rect(80, 244 + f * 120, W - 160, 6, '#00000012'))}
${rect(80, H - 160, W - 160, 160, '#3b3b3b')}
${times(5, (i) =>
  poly(
    [
      [120 + i * 200, H - 170],
      [280 + i * 200, H - 170],
      [300 + i * 200, H - 120],
      [100 + i * 200, H - 120],
    ],
    awning,
  ),
)}
${rect(W / 2 - 90, H - 120, 180, 120, '#d9c9a0')}${rect(W / 2 - 130, H - 150, 260, 30, awning)}
${times(3, (i) => `${rect(200 + i * 400, 110, 6, 120, '#555555')}${rect(206 + i * 400, 116, 60, 38, rng.pick(['#1f3b5a', '#b8232f', '#f1f1f1']))}`)}`;
};

export const landPlot: Draw = (rng) => {
  const horizon = rng.int(400, 460);
  return `${sky(rng, horizon)}
${hills(rng, horizon, (i) => hsl(rng.float(80, 110), 35, 48 - i * 4))}
${trees(rng, horizon + 60, rng.int(3, 6), 'round', [0, W], [120, 220])}
${rect(0, horizon + 140, W, H - horizon - 140, hsl(rng.float(70, 95), 45, 50))}
${times(60, () => `<rect x="${rng.int(0, W)}" y="${rng.int(horizon + 150, H)}" width="3" height="${rng.int(10, 24)}" fill="${hsl(90, 40, 35)}"/>`)}
${times(6, (i) => rect(120 + i * 170, H - 160 + (i % 2) * 8, 8, 60, '#7a5a3a'))}${rect(120, H - 150, 860, 3, '#7a5a3a')}`;
};

export const seaPlot: Draw = (rng) => {
  // A wooded hillside plot above the coast, the sea filling the horizon.
  const horizon = rng.int(330, 380);
  return `${sky(rng, horizon)}
${openWater(rng, horizon, horizon + 200, rng.float(195, 208))}
<path d="M0,${horizon + 150} C300,${horizon + 110} 700,${horizon + 190} ${W},${horizon + 140} L${W},${H} L0,${H} Z" fill="${hsl(rng.float(75, 95), 38, 44)}"/>
<path d="M0,${horizon + 260} C400,${horizon + 220} 800,${horizon + 300} ${W},${horizon + 250} L${W},${H} L0,${H} Z" fill="${hsl(rng.float(70, 90), 42, 50)}"/>
${trees(rng, horizon + 200, rng.int(3, 5), 'pine', [0, W], [140, 200])}
${trees(rng, H - 160, rng.int(3, 5), 'olive', [40, W - 40], [110, 160])}
${times(50, () => `<rect x="${rng.int(0, W)}" y="${rng.int(horizon + 270, H)}" width="3" height="${rng.int(10, 24)}" fill="${hsl(90, 40, 35)}"/>`)}
${times(6, (i) => rect(120 + i * 170, H - 130 + (i % 2) * 8, 8, 60, '#7a5a3a'))}${rect(120, H - 120, 860, 3, '#7a5a3a')}`;
};

export const snowyPlot: Draw = (rng) => {
  const horizon = rng.int(440, 500);
  return `${sky(rng, horizon, ['day', 'day', 'golden'])}
${mountains(rng, horizon, 4, true)}
${snowGround(horizon)}
${trees(rng, horizon + 80, rng.int(5, 9), 'snowPine', [0, W], [140, 240])}
${times(6, (i) => rect(150 + i * 160, H - 170, 8, 60, '#7a5a3a'))}${rect(150, H - 160, 808, 3, '#7a5a3a')}`;
};

// --- views ------------------------------------------------------------------------------------

function sail(x: number, y: number): string {
  return `${poly(
    [
      [x, y],
      [x + 8, y - 70],
      [x + 40, y],
    ],
    '#ffffff',
  )}${rect(x - 10, y, 60, 8, '#3a3a3a')}`;
}

export const seaView: Draw = (rng) => {
  const horizon = rng.int(360, 460);
  const sea = rng.float(195, 210);
  return `${sky(rng, horizon)}
${openWater(rng, horizon, H - 170, sea)}
${poly(
  [
    [0, horizon + 2],
    [rng.int(150, 400), horizon - rng.int(40, 90)],
    [rng.int(450, 700), horizon + 2],
  ],
  hsl(205, 20, 55),
  ' opacity="0.75"',
)}
${rng.chance(0.6) ? sail(rng.int(300, 1000), horizon + rng.int(30, 90)) : ''}
${rect(0, H - 170, W, 170, hsl(35, 30, 80))}
${rect(0, H - 190, W, 8, '#f5f5f5')}
${times(16, (i) => rect(i * 80 + 20, H - 190, 6, 40, '#f5f5f5'))}`;
};

export const mountainView: Draw = (rng) => {
  const horizon = rng.int(440, 520);
  return `${sky(rng, horizon, ['day', 'day', 'golden'])}
${mountains(rng, horizon, 5, true)}
${snowGround(horizon)}
${trees(rng, horizon + 60, rng.int(6, 12), 'snowPine', [0, W], [120, 240])}
${rect(0, H - 150, W, 150, '#8a6a4a')}${rect(0, H - 170, W, 12, '#5a3b2a')}
${times(14, (i) => rect(i * 90 + 20, H - 250, 12, 90, '#5a3b2a'))}${rect(0, H - 256, W, 12, '#5a3b2a')}`;
};

export const lakeView: Draw = (rng) => {
  const horizon = rng.int(380, 440);
  const water = hsl(rng.float(190, 205), 45, rng.float(42, 50));
  return `${sky(rng, horizon)}
${mountains(rng, horizon, 4, rng.chance(0.5))}
${rect(0, horizon - 20, W, 30, hsl(110, 30, 32))}
${rect(0, horizon + 10, W, H - horizon, water)}
${times(10, () => rect(rng.int(0, W), rng.int(horizon + 30, H - 220), rng.int(60, 160), 3, '#ffffff', ' opacity="0.35"'))}
${sail(rng.int(300, 800), horizon + rng.int(60, 140))}
${rect(0, H - 160, W, 160, hsl(100, 35, 38))}
${trees(rng, H - 60, 4, 'round', [0, W], [180, 260])}`;
};

export const cityView: Draw = (rng) => {
  const horizon = 480;
  let roofs = '';
  for (let row = 0; row < 3; row++) {
    const base = horizon + row * 110;
    let x = -40;
    while (x < W) {
      const w = rng.int(110, 220);
      const h = rng.int(50, 110) + row * 20;
      const wall = hsl(rng.float(35, 45), 25, rng.float(72, 86) - row * 4);
      const zinc = hsl(210, 8, rng.float(50, 64) - row * 4);
      roofs += rect(x, base - h + 40, w, H, wall);
      roofs += poly(
        [
          [x - 4, base - h + 40],
          [x + 18, base - h - 10],
          [x + w - 18, base - h - 10],
          [x + w + 4, base - h + 40],
        ],
        zinc,
      );
      roofs += times(
        rng.int(1, 3),
        () =>
          `${rect(x + rng.int(20, w - 40), base - h - 40, 22, 34, '#b36a4a')}${rect(x + rng.int(20, w - 40), base - h - 8, 26, 12, '#34495e')}`,
      );
      roofs += times(Math.floor(w / 60), (i) =>
        rect(x + 20 + i * 60, base - h + 70, 26, 40, '#34495e'),
      );
      x += w;
    }
  }
  const dome = rng.chance(0.5)
    ? `<ellipse cx="${rng.int(200, 1000)}" cy="${horizon - 40}" rx="70" ry="80" fill="${hsl(45, 30, 70)}"/>`
    : rect(rng.int(200, 1000), horizon - 200, 26, 220, hsl(30, 10, 45));
  return `${sky(rng, horizon, ['day', 'golden', 'dusk'])}${dome}${roofs}
${rect(0, H - 60, W, 12, '#1f1f1f')}${times(40, (i) => rect(i * 31, H - 140, 4, 84, '#1f1f1f'))}${rect(0, H - 144, W, 8, '#1f1f1f')}`;
};

export const vineyardView: Draw = (rng) => {
  const horizon = rng.int(340, 420);
  return `${sky(rng, horizon, ['day', 'golden', 'golden'])}
${hills(rng, horizon, (i) => hsl(100 - i * 8, 30, 50 - i * 5))}
${vineRows(horizon + 30, hsl(rng.float(95, 110), 50, 28), hsl(35, 35, 55))}
${trees(rng, horizon + 30, rng.int(1, 3), 'cypress', [0, W], [120, 180])}
${times(8, () => `<circle cx="${rng.int(0, W)}" cy="${rng.int(H - 200, H - 30)}" r="${rng.int(6, 10)}" fill="${hsl(280, 40, 30)}"/>`)}`;
};

export const countrysideView: Draw = (rng) => {
  const horizon = rng.int(360, 430);
  const fields = times(4, (row) =>
    times(4, (col) => {
      const y0 = horizon + row * 60;
      const y1 = horizon + (row + 1) * 60;
      const x0 = col * 300 - row * 20;
      return poly(
        [
          [x0, y0],
          [x0 + 300, y0],
          [x0 + 320, y1],
          [x0 + 20, y1],
        ],
        hsl(rng.pick([55, 80, 95, 110]), rng.float(30, 50), rng.float(45, 62)),
      );
    }),
  );
  return `${sky(rng, horizon)}
${hills(rng, horizon, (i) => hsl(100 - i * 6, 30, 52 - i * 4))}
${fields}
${trees(rng, horizon + 60, 8, 'round', [0, W], [60, 110])}
${rect(0, horizon + 240, W, H - horizon - 240, hsl(95, 40, 40))}
${trees(rng, H, 2, 'round', [0, 200], [300, 400])}`;
};

// --- outside spaces -------------------------------------------------------------------------

function lounger(x: number, y: number): string {
  return `${poly(
    [
      [x, y],
      [x + 140, y],
      [x + 150, y - 10],
      [x + 190, y - 50],
      [x + 200, y - 40],
      [x + 165, y + 4],
      [x, y + 14],
    ],
    '#ffffff',
  )}${rect(x + 10, y + 10, 6, 24, '#888888')}${rect(x + 150, y + 6, 6, 28, '#888888')}`;
}

type Quad = ReadonlyArray<readonly [number, number]>;

/** A pool's water: its basin, the lighter surface over it, and ripples drawn at random. */
function poolWater(
  rng: Prng,
  water: {
    basin: Quad;
    surface: Quad;
    /** Basin colour, surface colour, surface opacity. */
    colours: readonly [string, string, string];
    ripples: { count: number; x: readonly [number, number]; y: readonly [number, number] };
  },
): string {
  const [basin, surface, opacity] = water.colours;
  const { count, x, y } = water.ripples;
  return `${poly(water.basin, basin)}
${poly(water.surface, surface, ` opacity="${opacity}"`)}
${times(count, () => `<path d="M${rng.int(x[0], x[1])},${rng.int(y[0], y[1])} q30,-10 60,0" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.6"/>`)}`;
}

export const outdoorPool: Draw = (rng) => {
  const horizon = rng.int(300, 360);
  const south = rng.chance(0.5);
  return `${sky(rng, horizon, ['day', 'day', 'golden'])}
${trees(rng, horizon + 120, rng.int(5, 9), south ? 'cypress' : 'round', [0, W], [180, 280])}
${rect(0, horizon, W, 180, hsl(rng.float(95, 120), 40, 32))}
${rect(0, horizon + 170, W, H - horizon - 170, hsl(35, 25, 84))}
${poolWater(rng, {
  basin: [
    [220, horizon + 220],
    [980, horizon + 220],
    [1120, H - 50],
    [80, H - 50],
  ],
  surface: [
    [260, horizon + 240],
    [940, horizon + 240],
    [1040, H - 90],
    [160, H - 90],
  ],
  colours: [hsl(188, 75, 50), hsl(190, 80, 62), '0.6'],
  ripples: { count: 8, x: [200, 900], y: [horizon + 260, H - 110] },
})}
${lounger(rng.int(20, 120), horizon + 190)}${lounger(rng.int(950, 1000), horizon + 190)}`;
};

function room(rng: Prng, floorY: number, wall?: string): string {
  const w = wall ?? hsl(rng.float(20, 50), rng.float(10, 30), rng.float(80, 93));
  return `${rect(0, 0, W, floorY, w)}
<defs><linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(28, 45, 45)}"/><stop offset="1" stop-color="${hsl(25, 50, 30)}"/></linearGradient></defs>
${rect(0, floorY, W, H - floorY, 'url(#floor)')}${rect(0, floorY - 12, W, 12, '#ffffff')}`;
}

function windowPane(x: number, y: number, w: number, h: number, outside: string): string {
  return `${rect(x, y, w, h, outside, ' stroke="#ffffff" stroke-width="14"')}${rect(x + w / 2 - 4, y, 8, h, '#ffffff')}`;
}

export const indoorPool: Draw = (rng) => {
  const floorY = 520;
  const tile = hsl(rng.float(30, 45), 15, rng.float(82, 90));
  return `${rect(0, 0, W, floorY, tile)}
${rect(0, 0, W, 60, hsl(30, 20, 60))}
${times(4, (i) => windowPane(80 + i * 280, 120, 200, 320, hsl(200, 55, 78)))}
${rect(0, floorY, W, H - floorY, hsl(35, 15, 78))}
${poolWater(rng, {
  basin: [
    [240, floorY + 40],
    [960, floorY + 40],
    [1100, H - 40],
    [100, H - 40],
  ],
  surface: [
    [280, floorY + 60],
    [920, floorY + 60],
    [1030, H - 80],
    [170, H - 80],
  ],
  colours: [hsl(190, 70, 48), hsl(188, 75, 60), '0.55'],
  ripples: { count: 6, x: [250, 900], y: [floorY + 80, H - 100] },
})}
${times(3, (i) => `<circle cx="${360 + i * 240}" cy="26" r="12" fill="#fff7d6"/>`)}`;
};

export const garden: Draw = (rng) => {
  const horizon = rng.int(360, 420);
  const flowers = times(70, () => {
    const c = hsl(rng.pick([0, 30, 50, 280, 330]), 70, rng.float(55, 70));
    return `<circle cx="${rng.int(0, W)}" cy="${rng.int(H - 180, H - 20)}" r="${rng.int(6, 12)}" fill="${c}"/>`;
  });
  return `${sky(rng, horizon)}
${trees(rng, horizon + 60, rng.int(5, 8), 'round', [0, W], [200, 320])}
${rect(0, horizon, W, 100, hsl(120, 35, 28))}
${rect(0, horizon + 100, W, H - horizon - 100, hsl(rng.float(95, 110), 50, 45))}
${times(6, (i) => rect(0, horizon + 110 + i * 60, W, 26, hsl(100, 50, 50), ' opacity="0.5"'))}
${poly(
  [
    [W / 2 - 30, horizon + 100],
    [W / 2 + 30, horizon + 100],
    [W / 2 + 180, H],
    [W / 2 - 180, H],
  ],
  hsl(40, 30, 80),
)}
${rect(0, H - 200, W / 2 - 220, 200, hsl(120, 35, 30))}${rect(W / 2 + 220, H - 200, W / 2, 200, hsl(120, 35, 30))}
${flowers}`;
};

export const terrace: Draw = (rng) => {
  const horizon = rng.int(420, 470);
  const deck = hsl(rng.float(25, 35), 35, rng.float(55, 65));
  const parasol = rng.pick(['#f5f1e6', '#e7d7b5', '#2f4f5a']);
  return `${sky(rng, horizon, ['day', 'golden', 'dusk'])}
${trees(rng, horizon + 20, rng.int(4, 7), 'round', [0, W], [90, 160])}
${rect(0, horizon, W, 40, hsl(110, 25, 45))}
${rect(0, horizon + 40, W, H - horizon - 40, deck)}
${times(12, (i) => rect(0, horizon + 50 + i * i * 3.2, W, 3, '#00000018'))}
${rect(0, horizon - 70, W, 110, '#dbeef5', ' opacity="0.35"')}${rect(0, horizon - 76, W, 8, '#9a9a9a')}
<ellipse cx="600" cy="${H - 170}" rx="190" ry="44" fill="#fafafa"/>${rect(590, H - 170, 20, 120, '#777777')}
${rect(593, horizon - 210, 14, 400, '#555555')}${poly(
    [
      [600, horizon - 230],
      [360, horizon - 150],
      [840, horizon - 150],
    ],
    parasol,
  )}
${times(2, (i) => rect(300 + i * 520, H - 230, 80, 110, '#3a3a3a', ' rx="10"'))}
${times(3, (i) => `${rect(60 + i * 520, H - 170, 80, 90, '#b5653f')}<circle cx="${100 + i * 520}" cy="${H - 200}" r="60" fill="${hsl(110, 40, 32)}"/>`)}`;
};

// --- interiors ------------------------------------------------------------------------------

export const livingRoom: Draw = (rng) => {
  const floorY = rng.int(580, 640);
  const wx = rng.int(120, 540);
  const sofa = hsl(rng.float(0, 360), 20, rng.float(40, 60));
  const sx = rng.int(80, 560);
  return `${room(rng, floorY)}
${windowPane(wx, 90, 300, floorY - 170, hsl(200, 60, 78))}
${rect(sx, floorY - 180, 520, 70, sofa, ' rx="20"')}${rect(sx - 10, floorY - 120, 540, 90, sofa, ' rx="24"')}${rect(sx + 20, floorY - 40, 14, 40, '#333333')}${rect(sx + 486, floorY - 40, 14, 40, '#333333')}
${times(3, (i) => rect(sx + 30 + i * 160, floorY - 160, 140, 60, hsl(40, 30, 85), ' rx="14"'))}
<ellipse cx="${sx + 260}" cy="${floorY + 150}" rx="360" ry="70" fill="${hsl(rng.float(0, 360), 20, 70)}" opacity="0.8"/>
${rect(sx + 160, floorY + 60, 200, 50, '#4a3a2a', ' rx="8"')}
${rect(rng.int(860, 960), 150, 170, 120, hsl(rng.float(0, 360), 50, 50), ' stroke="#8a6d3b" stroke-width="10"')}
<line x1="1080" y1="${floorY - 10}" x2="1080" y2="${floorY - 300}" stroke="#333333" stroke-width="6"/>
${poly(
  [
    [1040, floorY - 300],
    [1120, floorY - 300],
    [1100, floorY - 360],
    [1060, floorY - 360],
  ],
  '#f3e6c4',
)}`;
};

export const fireplaceRoom: Draw = (rng) => {
  const floorY = rng.int(600, 640);
  const stone = hsl(rng.float(30, 40), 15, rng.float(70, 82));
  const fx = 420;
  const flames = times(
    5,
    (i) =>
      `<path d="M${fx + 110 + i * 34},${floorY - 40} q${rng.int(-20, 20)},-${rng.int(60, 100)} ${rng.int(-10, 10)},-${rng.int(110, 150)} q30,70 20,150 Z" fill="${i % 2 ? '#ffb340' : '#ff7a1a'}"/>`,
  );
  return `${room(rng, floorY)}
${rect(fx, floorY - 330, 360, 330, stone)}${rect(fx - 30, floorY - 350, 420, 30, hsl(30, 15, 60))}
${rect(fx + 70, floorY - 240, 220, 240, '#1c1410')}${flames}
${rect(fx + 110, floorY - 34, 140, 16, '#5a3b2a')}
${rect(fx + 110, 80, 140, 110, hsl(rng.float(0, 360), 40, 45), ' stroke="#8a6d3b" stroke-width="10"')}
${rect(60, floorY - 170, 250, 170, hsl(rng.float(0, 40), 40, 35), ' rx="30"')}${rect(890, floorY - 170, 250, 170, hsl(rng.float(0, 40), 40, 35), ' rx="30"')}
<ellipse cx="600" cy="${floorY + 140}" rx="380" ry="70" fill="${hsl(rng.float(0, 40), 35, 45)}" opacity="0.85"/>`;
};

export const kitchen: Draw = (rng) => {
  const floorY = rng.int(640, 680);
  const cabinet = rng.pick(['#f4f4f2', '#2f3b45', '#5b6e5a', '#d8cbb4']);
  const top = rng.pick(['#e8e6e1', '#2a2a2a', '#cfc8bc']);
  const upper = times(6, (i) =>
    rect(80 + i * 170, 100, 160, 170, cabinet, ' stroke="#00000022" stroke-width="3"'),
  );
  const lower = times(6, (i) =>
    rect(80 + i * 170, 400, 160, 180, cabinet, ' stroke="#00000022" stroke-width="3"'),
  );
  return `${room(rng, floorY, hsl(40, 15, 90))}
${rect(80, 290, 1020, 110, hsl(rng.float(180, 220), 10, 85))}${times(20, (i) => rect(80 + i * 51, 290, 2, 110, '#00000014'))}
${upper}${lower}${rect(70, 380, 1040, 24, top)}
${rect(500, 100, 180, 120, '#c0c4c8')}${poly(
    [
      [500, 220],
      [680, 220],
      [720, 270],
      [460, 270],
    ],
    '#a8adb2',
  )}
${rect(520, 350, 140, 30, '#2a2a2a')}${rect(850, 320, 12, 60, '#9aa0a6')}${rect(830, 316, 50, 8, '#9aa0a6')}
${rect(260, floorY - 190, 680, 40, top)}${rect(280, floorY - 150, 640, 150, cabinet, ' stroke="#00000022" stroke-width="3"')}
${times(3, (i) => `${rect(340 + i * 200, floorY - 120, 70, 14, '#3a3a3a')}${rect(370 + i * 200, floorY - 106, 10, 106, '#3a3a3a')}`)}
${times(3, (i) => `${rect(385 + i * 210, 0, 4, floorY - 480, '#333333')}<ellipse cx="${387 + i * 210}" cy="${floorY - 470}" rx="36" ry="18" fill="#2a2a2a"/>`)}`;
};

export const bedroom: Draw = (rng) => {
  const floorY = rng.int(600, 640);
  const linen = rng.pick(['#f7f5f0', '#eef1f4', '#f3ede3']);
  const throwC = hsl(rng.float(0, 360), 30, rng.float(45, 60));
  const bx = rng.int(260, 380);
  return `${room(rng, floorY)}
${windowPane(rng.chance(0.5) ? 60 : 940, 110, 200, 330, hsl(200, 60, 78))}
${rect(bx - 20, floorY - 360, 560, 240, hsl(rng.float(20, 40), 25, 40), ' rx="16"')}
${rect(bx - 40, floorY - 140, 600, 200, linen, ' rx="10"')}${rect(bx - 40, floorY - 40, 600, 60, throwC)}
${rect(bx + 20, floorY - 200, 210, 80, '#ffffff', ' rx="22"')}${rect(bx + 290, floorY - 200, 210, 80, '#ffffff', ' rx="22"')}
${rect(bx - 170, floorY - 130, 110, 130, '#6b4b32')}${rect(bx + 580, floorY - 130, 110, 130, '#6b4b32')}
${poly(
  [
    [bx - 145, floorY - 200],
    [bx - 85, floorY - 200],
    [bx - 95, floorY - 250],
    [bx - 135, floorY - 250],
  ],
  '#f3e6c4',
)}${rect(bx - 118, floorY - 200, 6, 70, '#333333')}
${poly(
  [
    [bx + 605, floorY - 200],
    [bx + 665, floorY - 200],
    [bx + 655, floorY - 250],
    [bx + 615, floorY - 250],
  ],
  '#f3e6c4',
)}${rect(bx + 632, floorY - 200, 6, 70, '#333333')}`;
};

export const bathroom: Draw = (rng) => {
  const floorY = 660;
  const tile = hsl(rng.float(180, 220), rng.float(5, 20), rng.float(85, 93));
  const marble = times(
    60,
    () =>
      `<line x1="${rng.int(0, W)}" y1="${rng.int(0, floorY)}" x2="${rng.int(0, W)}" y2="${rng.int(0, floorY)}" stroke="#00000010" stroke-width="2"/>`,
  );
  return `${rect(0, 0, W, floorY, tile)}${marble}
${times(12, (i) => rect(i * 100, 0, 2, floorY, '#00000010'))}${times(7, (i) => rect(0, i * 100, W, 2, '#00000010'))}
${rect(0, floorY, W, H - floorY, hsl(30, 10, 70))}
${rect(80, floorY - 170, 560, 170, '#fbfbfb', ' rx="60"')}${rect(100, floorY - 160, 520, 30, hsl(190, 40, 85), ' rx="14"')}
${rect(560, floorY - 300, 10, 140, '#b0b4b8')}${rect(540, floorY - 300, 50, 10, '#b0b4b8')}
${rect(760, floorY - 260, 340, 40, '#f4f4f4')}${rect(770, floorY - 220, 320, 150, hsl(30, 30, 45))}
<ellipse cx="930" cy="${floorY - 262}" rx="80" ry="14" fill="#ffffff" stroke="#d0d0d0" stroke-width="3"/>
${rect(925, floorY - 320, 10, 50, '#b0b4b8')}
${rect(800, 120, 260, 240, hsl(200, 30, 80), ' stroke="#c9b27a" stroke-width="10"')}
${rect(160, floorY - 260, 150, 26, '#ffffff', ' rx="6"')}`;
};

export const diningRoom: Draw = (rng) => {
  const floorY = rng.int(600, 640);
  const wood = hsl(rng.float(20, 32), 40, rng.float(28, 40));
  const chair = (x: number) =>
    `${rect(x, floorY - 230, 14, 230, wood)}${rect(x, floorY - 230, 70, 14, wood)}${rect(x, floorY - 110, 80, 14, wood)}${rect(x + 66, floorY - 110, 14, 110, wood)}`;
  return `${room(rng, floorY)}
${windowPane(80, 100, 220, 340, hsl(200, 60, 78))}${windowPane(900, 100, 220, 340, hsl(200, 60, 78))}
${rect(440, 140, 320, 200, hsl(rng.float(0, 360), 40, 45), ' stroke="#8a6d3b" stroke-width="10"')}
${times(4, (i) => chair(300 + i * 170))}
${rect(250, floorY - 150, 700, 26, wood)}${rect(280, floorY - 124, 20, 124, wood)}${rect(900, floorY - 124, 20, 124, wood)}
${times(5, (i) => `<circle cx="${340 + i * 130}" cy="${floorY - 156}" r="22" fill="#ffffff"/>`)}
${rect(598, 0, 4, 80, '#8a7a4a')}${times(5, (i) => `${rect(520 + i * 40, 80, 4, 40, '#c9b27a')}<circle cx="${522 + i * 40}" cy="76" r="9" fill="#fff4c2"/>`)}${rect(510, 116, 180, 8, '#c9b27a')}`;
};

export const loftRoom: Draw = (rng) => {
  const floorY = rng.int(640, 680);
  const brick = times(18, (row) =>
    times(8, (c) =>
      rect(
        -((row % 2) * 30) + c * 62,
        row * 34,
        58,
        30,
        hsl(rng.float(8, 18), 45, rng.float(36, 46)),
      ),
    ),
  );
  const glass = times(6, (c) =>
    times(5, (r) => rect(520 + c * 110, 60 + r * 110, 100, 100, hsl(200, 45, 78))),
  );
  return `${rect(0, 0, W, floorY, '#2b2b2b')}${brick}
${rect(510, 50, 670, 560, '#1b1b1b')}${glass}
${rect(0, floorY, W, H - floorY, hsl(30, 10, 55))}
${rect(560, floorY - 130, 480, 110, hsl(rng.float(0, 40), 30, 40), ' rx="20"')}${rect(540, floorY - 70, 520, 70, hsl(rng.float(0, 40), 30, 36), ' rx="20"')}
${rect(660, floorY + 40, 260, 40, '#6b4b32')}
${times(3, (i) => `${rect(150 + i * 120, 0, 4, 200, '#1b1b1b')}<ellipse cx="${152 + i * 120}" cy="206" rx="34" ry="18" fill="#1b1b1b"/>`)}`;
};

export const wineCellar: Draw = (rng) => {
  const stone = hsl(rng.float(28, 38), 20, rng.float(35, 45));
  const barrel = (x: number, y: number) =>
    `<ellipse cx="${x}" cy="${y}" rx="90" ry="90" fill="#6b4126"/><ellipse cx="${x}" cy="${y}" rx="70" ry="70" fill="#7a4a2c"/><ellipse cx="${x}" cy="${y}" rx="90" ry="90" fill="none" stroke="#3a2a1a" stroke-width="8"/><circle cx="${x}" cy="${y}" r="8" fill="#3a2a1a"/>`;
  const bottles = times(6, (r) =>
    times(
      14,
      (c) =>
        `<circle cx="${640 + c * 36}" cy="${180 + r * 44}" r="14" fill="${rng.chance(0.5) ? '#2a3a20' : '#3a1a20'}"/>`,
    ),
  );
  return `${rect(0, 0, W, H, stone)}
<path d="M0,320 Q600,-80 1200,320 L1200,0 L0,0 Z" fill="${hsl(30, 15, 25)}"/>
${times(40, () => rect(rng.int(0, W), rng.int(300, 700), rng.int(40, 90), rng.int(20, 36), '#00000018'))}
${rect(600, 150, 540, 290, '#3a2a1a')}${bottles}
${barrel(150, 640)}${barrel(340, 640)}${barrel(245, 480)}
${rect(0, 740, W, H - 740, hsl(30, 15, 30))}
<circle cx="600" cy="120" r="18" fill="#ffd98a"/><circle cx="600" cy="120" r="80" fill="#ffd98a" opacity="0.15"/>`;
};
