/**
 * Receipts as a phone photographs them, made by our own code: no real photograph can be taken
 * where the tests run, so this is the nearest we can make and is named as such ("photographed",
 * never "a photo of a real receipt"). A printed receipt from `receiptPicture` lies on a wooden
 * table, seen at a slant (a true perspective, not only a rotation), folded once, lit unevenly,
 * with a soft shadow under it and often the phone's shadow over a corner, in a colour cast,
 * with the camera's blur and grain, saved as a phone saves it: a 3000×4000 JPEG of quality 70.
 * Everything follows from the seed.
 */
import sharp from 'sharp';
import { receiptPicture, seeded } from './receipts';

/** Portrait, as a phone holds it over a table. */
const WIDTH = 3000;
const HEIGHT = 4000;
/** The texture and light are drawn this much smaller and enlarged: they have no fine detail. */
const COARSE = 8;

type Point = [number, number];

/**
 * The homography taking each `from` corner to its `to` corner (the eight unknowns of the 3×3
 * matrix, its last entry 1), solved by Gaussian elimination with pivoting.
 */
function homography(from: Point[], to: Point[]) {
  const rows = from.flatMap(([x, y], i) => {
    const [u, v] = to[i]!;
    return [
      [x, y, 1, 0, 0, 0, -u * x, -u * y, u],
      [0, 0, 0, x, y, 1, -v * x, -v * y, v],
    ];
  });
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) {
      if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r;
    }
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const factor = rows[r]![col]! / rows[col]![col]!;
      for (let c = col; c < 9; c++) rows[r]![c]! -= factor * rows[col]![c]!;
    }
  }
  const h = rows.map((row, i) => row[8]! / row[i]!);
  return (x: number, y: number): Point => {
    const w = h[6]! * x + h[7]! * y + 1;
    return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
  };
}

/**
 * The paper (RGB, `width`×`height`) laid over the photo (RGB, WIDTH×HEIGHT) so that its corners
 * land on `corners`: each photo pixel inside the quad is sampled bilinearly from the paper.
 */
function lay(photo: Buffer, paper: Buffer, width: number, height: number, corners: Point[]) {
  const toPaper = homography(corners, [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ]);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const left = Math.max(0, Math.floor(Math.min(...xs)));
  const right = Math.min(WIDTH, Math.ceil(Math.max(...xs)));
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const bottom = Math.min(HEIGHT, Math.ceil(Math.max(...ys)));
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const [u, v] = toPaper(x + 0.5, y + 0.5);
      const fx = u - 0.5;
      const fy = v - 0.5;
      if (fx < 0 || fy < 0 || fx >= width - 1 || fy >= height - 1) continue;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const ax = fx - x0;
      const ay = fy - y0;
      const at = (y0 * width + x0) * 3;
      const below = at + width * 3;
      const o = (y * WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) {
        const upper = paper[at + c]! * (1 - ax) + paper[at + 3 + c]! * ax;
        const lower = paper[below + c]! * (1 - ax) + paper[below + 3 + c]! * ax;
        photo[o + c] = upper * (1 - ay) + lower * ay;
      }
    }
  }
}

/** A wooden table top, photo-sized RGB: wavy grain running lengthwise, its colour from the seed. */
function woodTexture(random: () => number) {
  const w = WIDTH / COARSE;
  const h = HEIGHT / COARSE;
  const waves = Array.from({ length: 4 }, (_, i) => ({
    freq: (0.005 + random() * 0.02) * (i + 1),
    phase: random() * Math.PI * 2,
    depth: (1 + random() * 5) / (i + 1),
  }));
  const base = [120 + random() * 60, 80 + random() * 35, 45 + random() * 25];
  const grain = 0.12 + random() * 0.1;
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    const bend = waves.reduce(
      (sum, wave) => sum + Math.sin(y * wave.freq + wave.phase) * wave.depth,
      0,
    );
    for (let x = 0; x < w; x++) {
      // Growth rings of uneven width: a fine stripe riding on a broad one.
      const at = (x + bend) * grain;
      const rings =
        0.6 * (Math.sin(at) * 0.5 + 0.5) ** 3 +
        0.4 * (Math.sin(at * 0.37 + bend * 0.1) * 0.5 + 0.5);
      const shade = 0.7 + 0.3 * rings + (random() - 0.5) * 0.1;
      for (let c = 0; c < 3; c++) raw[(y * w + x) * 3 + c] = Math.min(255, base[c]! * shade);
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/**
 * The soft shadow the paper casts, shifted by `shift`: one grey channel on the COARSE grid,
 * 0 for none and 255 for the darkest.
 */
function shadowOf(corners: Point[], shift: Point) {
  const polygon = corners
    .map(([x, y]) => `${(x + shift[0]) / COARSE},${(y + shift[1]) / COARSE}`)
    .join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH / COARSE}" height="${HEIGHT / COARSE}">
    <rect width="100%" height="100%" fill="#000"/>
    <polygon points="${polygon}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).blur(4).extractChannel(0).raw().toBuffer();
}

export interface ReceiptPhotograph {
  /** The JPEG as the phone saves it. */
  jpeg: Buffer;
  /** Where the paper's corners are in the photo: top left, top right, bottom right, bottom left. */
  corners: Point[];
}

/**
 * The receipt's lines printed (see `receiptPicture`) and photographed on a table as described
 * above; the same seed makes the same photograph.
 */
export async function receiptPhotograph(lines: string[], seed: number): Promise<ReceiptPhotograph> {
  const random = seeded(seed * 7919 + 1);
  const spread = (size: number) => (random() - 0.5) * 2 * size;
  const flat = await receiptPicture(lines, { format: 'png', scale: 2.2, seed });
  const { width, height } = await sharp(flat).metadata();

  // One fold across the paper: a shaded side and a lit side of the crease.
  const fold = height * (0.3 + random() * 0.4);
  const band = 40 + random() * 40;
  const folded = await sharp(flat)
    .composite([
      {
        input:
          Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
          <defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stop-color="#000" stop-opacity="0"/>
            <stop offset="0.48" stop-color="#000" stop-opacity="0.16"/>
            <stop offset="0.52" stop-color="#fff" stop-opacity="0.12"/>
            <stop offset="1" stop-color="#fff" stop-opacity="0"/>
          </linearGradient></defs>
          <rect x="0" y="${fold - band}" width="${width}" height="${band * 2}" fill="url(#f)"/></svg>`),
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();

  // The paper seen at a slant: the far edge narrower, the whole turned and off centre.
  const paperWidth = WIDTH * (0.58 + random() * 0.12);
  const paperHeight = (paperWidth * height) / width;
  const near = 1 + 0.04 + random() * 0.06;
  const turn = spread(4) * (Math.PI / 180);
  const centre: Point = [WIDTH / 2 + spread(150), HEIGHT / 2 + spread(250)];
  const corners = (
    [
      [-paperWidth / 2, -paperHeight / 2],
      [paperWidth / 2, -paperHeight / 2],
      [(paperWidth / 2) * near, paperHeight / 2],
      [(-paperWidth / 2) * near, paperHeight / 2],
    ] as Point[]
  ).map(([x, y]): Point => {
    const sx = x + spread(20);
    const sy = y * 0.94 + spread(20);
    return [
      centre[0] + sx * Math.cos(turn) - sy * Math.sin(turn),
      centre[1] + sx * Math.sin(turn) + sy * Math.cos(turn),
    ];
  });

  const photo = await woodTexture(random);
  const shadow = await shadowOf(corners, [25 + random() * 30, 35 + random() * 40]);
  const coarseWidth = WIDTH / COARSE;
  for (let y = 0; y < HEIGHT; y++) {
    const row = Math.floor(y / COARSE) * coarseWidth;
    for (let x = 0; x < WIDTH; x++) {
      const dark = 1 - (0.55 * shadow[row + Math.floor(x / COARSE)]!) / 255;
      if (dark === 1) continue;
      const o = (y * WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) photo[o + c] = photo[o + c]! * dark;
    }
  }
  lay(photo, folded, width, height, corners);

  // Light that falls off away from the lamp, the sensor's grain, the colour cast of indoor light.
  const [lightX, lightY] = [WIDTH * (0.2 + random() * 0.6), HEIGHT * (0.1 + random() * 0.4)];
  const reach = 0.8 * Math.hypot(WIDTH, HEIGHT);
  const cast = [1 + random() * 0.08, 1, 0.82 + random() * 0.1];
  // Often the phone or the hand holding it shades part of the paper: a soft-edged half-plane
  // whose edge crosses the paper near one of its corners.
  const corner = corners[Math.floor(random() * 4)]!;
  const edge = {
    x: centre[0] + (corner[0] - centre[0]) * (0.4 + random() * 0.4),
    y: centre[1] + (corner[1] - centre[1]) * (0.4 + random() * 0.4),
    angle: Math.atan2(corner[1] - centre[1], corner[0] - centre[0]),
    depth: random() < 0.6 ? 0.2 + random() * 0.25 : 0,
    soft: 40 + random() * 120,
  };
  const [nx, ny] = [Math.cos(edge.angle), Math.sin(edge.angle)];
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const beyond = ((x - edge.x) * nx + (y - edge.y) * ny) / edge.soft;
      const shaded = edge.depth * Math.min(1, Math.max(0, beyond + 0.5));
      const light =
        (1 - 0.55 * Math.min(1, Math.hypot(x - lightX, y - lightY) / reach)) * (1 - shaded);
      const o = (y * WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) {
        const grain = (random() - 0.5) * 14;
        photo[o + c] = Math.max(0, Math.min(255, photo[o + c]! * light * cast[c]! + grain));
      }
    }
  }
  // The lens's softness, and the phone's JPEG.
  const jpeg = await sharp(photo, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .blur(0.6 + random() * 0.6)
    .jpeg({ quality: 70 })
    .toBuffer();
  return { jpeg, corners };
}
