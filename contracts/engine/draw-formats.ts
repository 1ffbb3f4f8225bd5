// Formats ajv checks (ajv-formats: what the judge and the generated server validate) that json-schema-faker draws
// no value of, or draws values of that break them: it draws any text for `url`, `iso-time`, `iso-date-time`,
// `json-pointer-uri-fragment` and `byte`, and a `duration` such as `P76Y20DT` (a T with nothing after it). Without
// them an operation whose request holds such a member had no valid value (tinyuid's `format: url`) and was n/a,
// or a draw broke its own schema. Each is drawn here with json-schema-faker's seeded random.
import type { Random } from 'json-schema-faker';

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'items', 'v1'];
const two = (n: number) => String(n).padStart(2, '0');
const time = (random: Random) => `${two(random.int(0, 23))}:${two(random.int(0, 59))}:${two(random.int(0, 59))}Z`;
const date = (random: Random) => `${random.int(2000, 2030)}-${two(random.int(1, 12))}-${two(random.int(1, 28))}`;
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export const DRAWN_FORMATS: Record<string, (random: Random) => string> = {
  url: (random) => `https://example.com/${random.pick(WORDS)}/${random.int(1, 999)}`,
  'iso-time': time,
  'iso-date-time': (random) => `${date(random)}T${time(random)}`,
  duration: (random) => `P${random.int(1, 30)}DT${random.int(0, 23)}H`,
  'json-pointer-uri-fragment': (random) => `#/${random.pick(WORDS)}/${random.int(0, 9)}`,
  // Whole groups of four (RFC 4648), as Prism checks them; the generated server reads the alphabet only.
  byte: (random) => Array.from({ length: 4 * random.int(1, 4) }, () => BASE64[random.int(0, 63)]).join(''),
};
