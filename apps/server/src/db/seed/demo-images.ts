import sharp from 'sharp';

/** Colours of the demo pictures by property type: [top, bottom] of the sky-like gradient. */
const PALETTE: Record<string, readonly [string, string]> = {
  House: ['#7fb7e6', '#2f6f4f'],
  Townhouse: ['#f2c57c', '#8a4f2a'],
  Apartment: ['#b9a5e8', '#4b3a7a'],
  Condominium: ['#8fd3e8', '#1f4e79'],
  Land: ['#c9e3a1', '#5a7d2a'],
  'Commercial Lot': ['#f0a8a0', '#7a2e2e'],
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** The name over at most two lines of about 26 characters. */
function lines(name: string): string[] {
  const words = name.split(' ');
  const first: string[] = [];
  while (words.length > 0 && [...first, words[0]].join(' ').length <= 26) first.push(words.shift()!);
  return [first.join(' '), words.join(' ')].filter(Boolean);
}

/**
 * The card's thumbnail is 4:3 and crops the 16:10 picture's sides by about 70 px each: the text and the
 * drawing keep within x 80..720.
 */
const LEFT = 96;

/** The picture of a dwelling (a house on the ground) or of a lot (a fenced field). */
const drawing = (dwelling: boolean) =>
  dwelling
    ? `<polygon points="470,250 590,160 710,250" fill="#ffffff" fill-opacity="0.85"/>
       <rect x="490" y="250" width="200" height="150" fill="#ffffff" fill-opacity="0.75"/>
       <rect x="570" y="320" width="40" height="80" fill="#000000" fill-opacity="0.35"/>
       <rect x="510" y="275" width="40" height="35" fill="#000000" fill-opacity="0.25"/>
       <rect x="630" y="275" width="40" height="35" fill="#000000" fill-opacity="0.25"/>`
    : `<rect x="450" y="300" width="260" height="100" fill="#ffffff" fill-opacity="0.35"/>
       ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${455 + i * 50}" y="285" width="8" height="115" fill="#ffffff" fill-opacity="0.8"/>`).join('')}`;

/**
 * A demo listing's picture, made here (nothing is downloaded): a gradient by property type, a drawing
 * and the listing's name, as a JPEG the upload path accepts. The same name and type give the same bytes.
 */
export async function demoPicture(name: string, type: string, dwelling: boolean): Promise<Buffer> {
  const [top, bottom] = PALETTE[type] ?? ['#9fb4c7', '#34495e'];
  const rows = lines(name);
  const boxTop = 430 - rows.length * 44 - 16;
  const boxWidth = Math.min(800 - 2 * (LEFT - 16), 32 + 22 * Math.max(...rows.map((l) => l.length)));
  const text = rows
    .map(
      (line, i) =>
        `<text x="${LEFT}" y="${boxTop + 48 + i * 44}" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="bold" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient></defs>
    <rect width="800" height="500" fill="url(#g)"/>
    <rect y="400" width="800" height="100" fill="#000000" fill-opacity="0.2"/>
    ${drawing(dwelling)}
    <rect x="${LEFT - 16}" y="${boxTop}" width="${boxWidth}" height="${rows.length * 44 + 20}" rx="8" fill="#000000" fill-opacity="0.4"/>
    ${text}
    <text x="${LEFT}" y="475" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#ffffff">${escapeXml(type)} · demo picture</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
