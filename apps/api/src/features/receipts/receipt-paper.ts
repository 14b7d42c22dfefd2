/**
 * Where the receipt lies in a photograph: the paper is the largest bright region, the table,
 * hand or floor around it darker. Cropping to it keeps the OCR from reading wood grain as
 * letters and gives the paper the whole of the OCR's pixels. Pure: it works on a small grey
 * copy of the picture.
 */

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The threshold between dark and bright that best separates the two (Otsu's method). */
function otsu(grey: Uint8Array) {
  const histogram = new Array<number>(256).fill(0);
  for (const value of grey) histogram[value]! += 1;
  const total = grey.length;
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * histogram[v]!;
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let threshold = 128;
  for (let v = 0; v < 256; v++) {
    below += histogram[v]!;
    if (below === 0 || below === total) continue;
    belowSum += v * histogram[v]!;
    const darkMean = belowSum / below;
    const brightMean = (sum - belowSum) / (total - below);
    const between = below * (total - below) * (darkMean - brightMean) ** 2;
    if (between > best) {
      best = between;
      threshold = v;
    }
  }
  return threshold;
}

/** A crop smaller than this share of the picture is more likely a glare than the receipt. */
const SMALLEST_PAPER = 0.08;
/** A crop larger than this saves too little to be worth it: the picture is all receipt. */
const LARGEST_PAPER = 0.9;
/** Kept around the paper, as a share of its size: a slanted edge's text stays inside. */
const MARGIN = 0.03;

/**
 * The bounding box of the largest bright region of a `width`×`height` grey picture, with a
 * margin; null when there is none worth cropping to (a scan that is all paper, a dark picture).
 */
export function paperBox(grey: Uint8Array, width: number, height: number): Box | null {
  const threshold = otsu(grey);
  const seen = new Uint8Array(grey.length);
  const stack: number[] = [];
  let best: { size: number; box: [number, number, number, number] } | undefined;
  for (let start = 0; start < grey.length; start++) {
    if (seen[start] || grey[start]! <= threshold) continue;
    // A flood fill over the 4-neighbours; the stack holds pixel indices.
    let size = 0;
    let [x0, y0, x1, y1] = [width, height, 0, 0];
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      size += 1;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      for (const next of [
        x > 0 ? at - 1 : -1,
        x < width - 1 ? at + 1 : -1,
        y > 0 ? at - width : -1,
        y < height - 1 ? at + width : -1,
      ]) {
        if (next >= 0 && !seen[next] && grey[next]! > threshold) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    if (!best || size > best.size) best = { size, box: [x0, y0, x1, y1] };
  }
  if (!best) return null;
  const [x0, y0, x1, y1] = best.box;
  const share = ((x1 - x0 + 1) * (y1 - y0 + 1)) / (width * height);
  if (share < SMALLEST_PAPER || share > LARGEST_PAPER) return null;
  const marginX = Math.ceil((x1 - x0 + 1) * MARGIN);
  const marginY = Math.ceil((y1 - y0 + 1) * MARGIN);
  const left = Math.max(0, x0 - marginX);
  const top = Math.max(0, y0 - marginY);
  return {
    left,
    top,
    width: Math.min(width, x1 + 1 + marginX) - left,
    height: Math.min(height, y1 + 1 + marginY) - top,
  };
}

/**
 * Each pixel the brightest within `radius` of it (a square window, rows then columns): on a
 * copy small enough that the print's strokes are thinner than the window, the paper's own
 * brightness with the print taken out.
 */
export function brightest(grey: Uint8Array, width: number, height: number, radius: number) {
  const across = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let max = 0;
      for (let i = Math.max(0, x - radius); i <= Math.min(width - 1, x + radius); i++) {
        max = Math.max(max, grey[y * width + i]!);
      }
      across[y * width + x] = max;
    }
  }
  const out = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let max = 0;
      for (let j = Math.max(0, y - radius); j <= Math.min(height - 1, y + radius); j++) {
        max = Math.max(max, across[j * width + x]!);
      }
      out[y * width + x] = max;
    }
  }
  return out;
}

/**
 * The picture divided by its lighting, `background` being the picture with its print taken out
 * (as bright as the paper around each point): the paper comes out white wherever it lies in a
 * shadow, a fold or a lamp's fall-off, the print dark on it, so one threshold serves the whole.
 */
export function flatten(grey: Uint8Array, background: Uint8Array) {
  const out = new Uint8Array(grey.length);
  for (let i = 0; i < grey.length; i++) {
    out[i] = Math.min(255, (grey[i]! * 255) / Math.max(16, background[i]!));
  }
  return out;
}

/** Steepest slant looked for, in degrees: a photo more askew than this is retaken. */
const MOST_SKEW = 8;
const SKEW_STEP = 0.25;

/**
 * How many degrees the print's lines fall to the right (negative: rise), read from a flattened
 * grey picture: the slant at which the dark pixels gather into the fewest, fullest rows.
 */
export function skewAngle(grey: Uint8Array, width: number, height: number) {
  // Every other pixel is enough to see the lines.
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      if (grey[y * width + x]! < 128) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  let best = { angle: 0, score: -1 };
  const rows = new Float64Array(height + width);
  for (let angle = -MOST_SKEW; angle <= MOST_SKEW; angle += SKEW_STEP) {
    const slope = Math.tan((angle * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) {
      // Rows of two pixels, shifted so a rising slant stays within the array.
      rows[Math.floor((ys[i]! - xs[i]! * slope + width) / 2)]! += 1;
    }
    let score = 0;
    for (const count of rows) score += count * count;
    if (score > best.score) best = { angle, score };
  }
  return best.angle;
}
