import sharp from 'sharp';

/** What a generated receipt says, for checking what the reader found. */
interface ReceiptTruth {
  shop: string;
  /** yyyy-mm-dd */
  date: string;
  totalCents: number;
  /** The VAT amount in cents, null when the receipt names none. */
  vatCents: number | null;
}

export interface GeneratedReceipt {
  lines: string[];
  truth: ReceiptTruth;
}

/** A small deterministic generator, so a failing receipt can be made again from its seed. */
export function seeded(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const SHOPS = [
  'Albert Heijn',
  'Jumbo Supermarkten',
  'HEMA',
  'Bakkerij de Graaf',
  'Gamma Bouwmarkt',
  'Action',
  'Kruidvat',
  'Bloemenhuis Flora',
  'Praxis',
  'Slagerij Jansen',
];
const ITEMS = [
  'Brood wit',
  'Melk halfvol',
  'Koffie bonen',
  'Appels 1kg',
  'Servetten',
  'Bekers karton',
  'Frisdrank',
  'Houtschroeven',
  'Verf wit 1L',
  'Kaas jong',
  'Slingers',
  'Batterijen AA',
];
const MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/** Dutch money: '1.234,50' (grouped) or '1234,50'. */
function dutchAmount(cents: number, grouped = true) {
  const euros = Math.floor(cents / 100);
  const whole = grouped ? euros.toLocaleString('nl-NL') : String(euros);
  return `${whole},${pad(cents % 100)}`;
}

function dateText(year: number, month: number, day: number, style: number) {
  switch (style % 4) {
    case 0:
      return `${pad(day)}-${pad(month)}-${year}`;
    case 1:
      return `${pad(day)}/${pad(month)}/${String(year).slice(2)}`;
    case 2:
      return `${day} ${MONTHS[month - 1]} ${year}`;
    default:
      return `${year}-${pad(month)}-${pad(day)}`;
  }
}

/** A line with its label left and its amount right, as a till prints them. */
const row = (label: string, amount: string, width = 32) =>
  `${label}${' '.repeat(Math.max(1, width - label.length - amount.length))}${amount}`;

/** The text of a Dutch receipt with a known shop, date, total and VAT. */
export function generatedReceipt(random: () => number): GeneratedReceipt {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const shop = pick(SHOPS);
  const year = 2024 + Math.floor(random() * 3);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const items = Array.from({ length: 2 + Math.floor(random() * 4) }, () => ({
    name: pick(ITEMS),
    cents: 49 + Math.floor(random() * (random() < 0.15 ? 90_000 : 2_500)),
  }));
  const totalCents = items.reduce((sum, item) => sum + item.cents, 0);
  const rate = random() < 0.6 ? 21 : 9;
  const withVat = random() < 0.85;
  const vatCents = withVat ? Math.round((totalCents * rate) / (100 + rate)) : null;
  const totalLabel = pick(['Totaal', 'TOTAAL', 'Te betalen']);
  const lines = [
    shop,
    pick(['Dorpsstraat 12', 'Markt 3', 'Stationsweg 41']),
    pick(['1234 AB Utrecht', '8911 KL Leeuwarden', '3011 AA Rotterdam']),
    '',
    `Datum: ${dateText(year, month, day, Math.floor(random() * 4))}  ${pad(8 + Math.floor(random() * 12))}:${pad(Math.floor(random() * 60))}`,
    '',
    ...items.map((item) => row(item.name, dutchAmount(item.cents))),
    '-'.repeat(32),
    row(totalLabel, `€ ${dutchAmount(totalCents)}`),
    '',
    ...(vatCents === null ? [] : [row(`BTW ${rate}%`, `€ ${dutchAmount(vatCents)}`)]),
    row('Pinnen', dutchAmount(totalCents)),
    '',
    'Bedankt en tot ziens!',
  ];
  return {
    lines,
    truth: {
      shop,
      date: `${year}-${pad(month)}-${pad(day)}`,
      totalCents,
      vatCents,
    },
  };
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PhotoOptions {
  /** Degrees, clockwise. */
  rotate?: number;
  /** Gaussian blur sigma (0.3 or more). */
  blur?: number;
  /** Fraction of pixels turned to specks, 0..1. */
  noise?: number;
  seed?: number;
  format?: 'jpeg' | 'png' | 'webp';
  /** Size of the print, 1 for a 680-pixel-wide receipt. */
  scale?: number;
}

/**
 * A receipt as a scanned or photographed picture: the lines printed in a monospace font on
 * off-white paper, with specks, a slight rotation and blur.
 */
export async function receiptPicture(lines: string[], options: PhotoOptions = {}) {
  const { rotate = 0, blur = 0, noise = 0, seed = 1, format = 'jpeg', scale = 1 } = options;
  const lineHeight = Math.round(34 * scale);
  const width = Math.round(680 * scale);
  const height = lineHeight * (lines.length + 2);
  const text = lines
    .map(
      (line, i) =>
        `<text x="${30 * scale}" y="${lineHeight * (i + 1.5)}" xml:space="preserve">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f4f1ea"/>
    <g font-family="DejaVu Sans Mono, monospace" font-size="${26 * scale}" fill="#222">${text}</g></svg>`;
  const random = seeded(seed);
  const specks = Array.from({ length: Math.floor(width * height * noise) }, () => {
    const x = Math.floor(random() * width);
    const y = Math.floor(random() * height);
    const shade = random() < 0.5 ? '#555' : '#fff';
    return `<rect x="${x}" y="${y}" width="${2 * scale}" height="${2 * scale}" fill="${shade}"/>`;
  }).join('');
  const speckled = specks
    ? [
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${specks}</svg>`,
          ),
        },
      ]
    : [];
  const flat = await sharp(Buffer.from(svg)).composite(speckled).png().toBuffer();
  let picture = sharp(flat).rotate(rotate, { background: '#b8b4aa' });
  if (blur >= 0.3) picture = picture.blur(blur);
  return picture.toFormat(format, format === 'png' ? {} : { quality: 80 }).toBuffer();
}

/**
 * A PDF receipt with a text layer: each page prints the lines in Courier. `encrypted` adds a
 * standard security handler whose user password is not empty, so no reader opens it without.
 */
export function receiptPdf(lines: string[], options: { pages?: number; encrypted?: boolean } = {}) {
  const { pages = 1, encrypted = false } = options;
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/€/g, 'EUR');
  const stream = [
    'BT /F1 11 Tf 14 TL 40 800 Td',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n');
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i * 2);
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>');
  add(
    '<< /Filter /Standard /V 1 /R 2 /O <' +
      'ab'.repeat(32) +
      '> /U <' +
      'cd'.repeat(32) +
      '> /P -4 >>',
  );
  for (let i = 0; i < pages; i++) {
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${6 + i * 2} 0 R >>`,
    );
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  }
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  const security = encrypted
    ? ` /Encrypt 4 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]`
    : '';
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${security} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
